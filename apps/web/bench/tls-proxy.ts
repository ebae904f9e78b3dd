// `node apps/web/bench/tls-proxy.ts [--port 3443] [--to http://127.0.0.1:3000]`: the site over HTTPS
// with HTTP/2, in front of a running server, as the TLS proxy of a deployment serves it (README:
// the server runs behind one, `TRUST_PROXY`). For measuring a first load as browsers get it in
// production — Lighthouse, or a browser's own network panel — next to the plain HTTP/1.1 of
// `npm start`: over HTTP/1.1 a browser opens at most six connections to a host and a page's script
// files queue for them; over HTTP/2 they share one. A throw-away self-signed certificate
// (openssl): open it in a browser or Chromium with `--ignore-certificate-errors`. Not a production
// proxy: no limits, no timeouts, no access log.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import http2 from "node:http2";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream";
import { parseArgs } from "node:util";

const { values: options } = parseArgs({
  options: {
    port: { type: "string", default: "3443" },
    to: { type: "string", default: "http://127.0.0.1:3000" },
  },
});
const upstream = new URL(options.to);

/**
 * Headers not passed on as they are: the connection-specific ones (HTTP/2 forbids them), and `host`
 * (the request's is set from `:authority`).
 */
const unforwarded = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "upgrade",
  "http2-settings",
  "te",
  "host",
]);

function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(path.join(tmpdir(), "unaa-tls-"));
  try {
    const key = path.join(dir, "key.pem");
    const cert = path.join(dir, "cert.pem");
    execFileSync(
      "openssl",
      [
        ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"],
        ...["-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"],
        ...["-days", "2", "-keyout", key, "-out", cert],
      ],
      { stdio: "ignore" },
    );
    return { key: readFileSync(key), cert: readFileSync(cert) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

const server = http2.createSecureServer(
  { ...selfSignedCertificate(), allowHTTP1: true },
  (request, response) => {
    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (!name.startsWith(":") && !unforwarded.has(name)) headers[name] = value;
    }
    headers.host = request.headers[":authority"] ?? request.headers.host;
    headers["x-forwarded-proto"] = "https";
    headers["x-forwarded-for"] = request.socket.remoteAddress;
    const forwarded = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: request.method,
        path: request.url,
        headers,
        agent,
      },
      (answer) => {
        const answerHeaders: http.OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(answer.headers)) {
          if (!unforwarded.has(name)) answerHeaders[name] = value;
        }
        response.writeHead(answer.statusCode ?? 502, answerHeaders);
        pipeline(answer, response, () => {});
      },
    );
    forwarded.on("error", () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    pipeline(request, forwarded, () => {});
  },
);

server.listen(Number(options.port), "127.0.0.1", () => {
  console.info(`HTTPS with HTTP/2 at https://127.0.0.1:${options.port} → ${upstream.origin}`);
});
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => server.close(() => process.exit(0)));
