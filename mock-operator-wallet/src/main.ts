#!/usr/bin/env node
// The wallet's command line: `npm run wallet -- --help`.
import Database from "better-sqlite3";
import { parseWalletCommand, UsageError, USAGE } from "./cli-options.js";
import { WalletLedger } from "./wallet-ledger.js";
import { startWallet } from "./wallet-server.js";

async function main(argv: string[]): Promise<void> {
  const command = parseWalletCommand(argv);
  if (command.command === "help") {
    process.stdout.write(USAGE);
    return;
  }
  if (command.command === "dump") {
    const db = new Database(command.db, { readonly: true, fileMustExist: true });
    // Dumping reads only; the rules do not matter for reading.
    const ledger = new WalletLedger(db, { startingBalance: 0 });
    const players = ledger.players().filter((player) => command.playerRef === undefined || player.playerRef === command.playerRef);
    process.stdout.write(`${JSON.stringify({ players, entries: ledger.entries(command.playerRef) }, null, 2)}\n`);
    db.close();
    return;
  }
  const wallet = await startWallet({
    ...command.options,
    log: command.quiet ? undefined : (line) => process.stdout.write(`${new Date().toISOString()} ${line}\n`),
  });
  process.stdout.write(`mock operator wallet for ${command.options.tenantId} at ${wallet.url}\n`);
  const stop = () => {
    wallet.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError || (error instanceof TypeError && "code" in error && String(error.code).startsWith("ERR_PARSE_ARGS"))) {
    process.stderr.write(`${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
