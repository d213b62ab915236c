import { createServer, request, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from "node:http";

/** Hop-by-hop headers (RFC 9110 §7.6.1) describe one connection, so a proxy drops them; every other header passes as sent. */
const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-connection", "transfer-encoding", "te", "trailer", "upgrade"]);

function endToEnd(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));
}

/**
 * A load balancer as docs/running.md's "Running a cluster" asks for: round robin over the instances that answered their last
 * `GET /readyz` (polled every `checkIntervalMs`, failed if not answered within `checkTimeoutMs`) with 200. When connecting to the chosen instance fails, before any byte
 * of the request left, it tries the next ready one (nginx's `proxy_next_upstream error`); a failure after that answers
 * 502, since the instance may have received the request. Each upstream request has its own connection, so no request
 * is ever written onto a connection the instance is closing.
 */
export class LoadBalancer {
  private readonly ready: boolean[];
  private next = 0;
  private server: Server | undefined;
  private checks: NodeJS.Timeout | undefined;
  url = "";
  /** Requests sent on to the next instance because connecting to the chosen one failed. */
  connectFailovers = 0;

  constructor(
    private readonly upstreams: readonly string[],
    readonly checkIntervalMs = 100,
    readonly checkTimeoutMs = 500,
  ) {
    this.ready = upstreams.map(() => false);
  }

  /** Whether the last health check of instance `index` answered 200. */
  isReady(index: number): boolean {
    return this.ready[index]!;
  }

  async open(): Promise<void> {
    const check = (index: number) =>
      fetch(`${this.upstreams[index]}/readyz`, { signal: AbortSignal.timeout(this.checkTimeoutMs) }).then(
        (answer) => void (this.ready[index] = answer.status === 200),
        () => void (this.ready[index] = false),
      );
    await Promise.all(this.upstreams.map((_, index) => check(index)));
    // One check per instance at a time: a slow answer delays that instance's next check rather than piling them up.
    const inFlight = new Set<number>();
    this.checks = setInterval(() => {
      for (const index of this.upstreams.keys()) {
        if (inFlight.has(index)) continue;
        inFlight.add(index);
        void check(index).finally(() => inFlight.delete(index));
      }
    }, this.checkIntervalMs);
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => this.forward(req, Buffer.concat(chunks), res, new Set()));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    this.server = server;
  }

  async close(): Promise<void> {
    clearInterval(this.checks);
    const server = this.server;
    this.server = undefined;
    server?.closeAllConnections();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private forward(req: IncomingMessage, body: Buffer, res: ServerResponse, tried: Set<number>): void {
    const index = [...this.upstreams.keys()].map((k) => (this.next + k) % this.upstreams.length).find((i) => this.ready[i] && !tried.has(i));
    // No ready instance left: 502, as nginx answers when every upstream has failed.
    if (index === undefined) return void res.writeHead(502).end();
    this.next = index + 1;
    tried.add(index);
    const headers = endToEnd(req.headers);
    if (req.headers["transfer-encoding"]) headers["content-length"] = String(body.length);
    let connected = false;
    const fail = () => {
      if (!res.headersSent) res.writeHead(502).end();
    };
    const upstream = request(`${this.upstreams[index]}${req.url}`, { method: req.method, headers, agent: false }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on("data", (chunk: Buffer) => chunks.push(chunk));
      answer.on("error", fail);
      answer.on("end", () => {
        // An answer cut short is no answer: the client sees a 502 (which the provider SDK retries), never half a body.
        if (!answer.complete) return fail();
        res.writeHead(answer.statusCode!, endToEnd(answer.headers)).end(Buffer.concat(chunks));
      });
    });
    upstream.on("socket", (socket) => socket.once("connect", () => (connected = true)));
    upstream.on("error", () => {
      if (connected) return fail();
      this.connectFailovers += 1;
      this.forward(req, body, res, tried);
    });
    upstream.end(body);
  }
}
