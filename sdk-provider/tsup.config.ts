// One build for both SDKs: sdk-common/tsup-sdk.config.ts.
export { default } from "../sdk-common/tsup-sdk.config.js";
