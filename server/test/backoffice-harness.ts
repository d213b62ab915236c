import { toReply, type Reply } from "./harness.js";

/** The password every test back-office account gets. */
export const PASSWORD = "correct horse battery staple";

/** A browser's view of one back-office sign-in: its cookie and CSRF token. */
export interface Browser {
  cookie: string;
  csrf: string;
  request(method: "GET" | "POST", path: string, body?: unknown, headers?: Record<string, string>): Promise<Reply>;
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
            ...(method === "POST" ? { "x-csrf-token": csrf } : {}),
            ...(body === undefined ? {} : { "content-type": "application/json" }),
            ...headers,
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        }),
      ),
  };
}
