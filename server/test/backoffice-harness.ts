import { toReply, type Reply } from "./harness.js";

/** The password every test back-office account gets. */
export const PASSWORD = "correct horse battery staple";

/** A browser's view of one back-office sign-in: its cookie and CSRF token. */
export interface Browser {
  cookie: string;
  csrf: string;
  request(method: "GET" | "POST" | "DELETE", path: string, body?: unknown, headers?: Record<string, string>): Promise<Reply>;
}

/** Signs in over HTTP as a browser would, and returns the session's cookie, CSRF token and a request helper. */
export async function signIn(baseUrl: string, username: string, password = PASSWORD): Promise<Browser & { reply: Reply }> {
  const reply = await toReply(
    await fetch(`${baseUrl}/backoffice/api/sign-in`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username, password }),
    }),
  );
  const cookie = (reply.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  const csrf = reply.json?.csrfToken as string;
  return {
    reply,
    cookie,
    csrf,
    request: async (method, path, body, headers = {}) =>
      toReply(
        await fetch(baseUrl + path, {
          method,
          headers: {
            cookie,
            ...(method !== "GET" ? { "x-csrf-token": csrf } : {}),
            ...(body === undefined ? {} : { "content-type": "application/json" }),
            ...headers,
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        }),
      ),
  };
}

/** Adds a back-office account with {@link PASSWORD}: an operator's, a studio's (`providerId`) or, naming neither, the platform's. */
export function addAccount(
  server: {
    services: {
      backoffice: {
        addUser(input: { username: string; role: string; password: string; operatorId: string | null; providerId: string | null }): Promise<unknown>;
      };
    };
  },
  username: string,
  role: "viewer" | "manager",
  owner: { operatorId?: string; providerId?: string } = {},
): Promise<unknown> {
  return server.services.backoffice.addUser({
    username,
    role,
    password: PASSWORD,
    operatorId: owner.operatorId ?? null,
    providerId: owner.providerId ?? null,
  });
}
