// A tiny S3-compatible server for tests: path-style PUT, GET and DELETE of objects in memory, each
// request's AWS Signature Version 4 checked against the one credential it knows. Not a test file.
import { createHash, createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeS3Object {
  body: Buffer;
  contentType: string | undefined;
  cacheControl: string | undefined;
}

export interface FakeS3 {
  url: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, FakeS3Object>;
  /** Every request as `<METHOD> <key>`, and how many were refused for their signature. */
  log: string[];
  refused: number;
  close(): Promise<void>;
}

const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;

const hex = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");
const hmac = (key: Buffer | string, data: string) => createHmac("sha256", key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
const encode = (value: string) =>
  encodeURIComponent(value).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/** The signature SigV4 expects for this request, from the secret; null when the header is malformed. */
function expectedSignature(
  request: IncomingMessage,
  body: Buffer,
  fake: Pick<FakeS3, "accessKeyId" | "secretAccessKey" | "region">,
): string | null {
  const match = AUTHORIZATION.exec(request.headers.authorization ?? "");
  const amzDate = request.headers["x-amz-date"];
  const payloadHash = request.headers["x-amz-content-sha256"];
  if (!match || typeof amzDate !== "string" || typeof payloadHash !== "string") return null;
  const [, accessKeyId, day, region, signedHeaders = ""] = match;
  if (accessKeyId !== fake.accessKeyId || region !== fake.region || !amzDate.startsWith(day ?? "-"))
    return null;
  if (payloadHash !== "UNSIGNED-PAYLOAD" && payloadHash !== hex(body)) return null;
  const headerNames = signedHeaders.split(";");
  if (!["host", "x-amz-content-sha256", "x-amz-date"].every((name) => headerNames.includes(name)))
    return null;

  const url = new URL(request.url ?? "/", "http://fake");
  const query = [...url.searchParams]
    .map(([key, value]) => `${encode(key)}=${encode(value)}`)
    .sort()
    .join("&");
  const headers = headerNames
    .map(
      (name) =>
        `${name}:${String(request.headers[name] ?? "")
          .trim()
          .replace(/\s+/g, " ")}\n`,
    )
    .join("");
  const canonical = [request.method, url.pathname, query, headers, signedHeaders, payloadHash].join("\n");
  const scope = `${day}/${region}/s3/aws4_request`;
  const toSign = ["AWS4-HMAC-SHA256", amzDate, scope, hex(canonical)].join("\n");
  let key = hmac(`AWS4${fake.secretAccessKey}`, day ?? "");
  for (const part of [region ?? "", "s3", "aws4_request"]) key = hmac(key, part);
  return match[5] === createHmac("sha256", key).update(toSign).digest("hex") ? match[5] : null;
}

function xmlError(response: ServerResponse, status: number, code: string, message: string) {
  response.writeHead(status, { "content-type": "application/xml" });
  response.end(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`,
  );
}

export async function startFakeS3(): Promise<FakeS3> {
  const fake = {
    bucket: "unaa-test",
    region: "kg-test-1",
    accessKeyId: "AKIAUNAATEST",
    secretAccessKey: "fake-secret-for-tests-only",
    objects: new Map<string, FakeS3Object>(),
    log: [] as string[],
    refused: 0,
  };
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    if (!expectedSignature(request, body, fake)) {
      fake.refused += 1;
      xmlError(response, 403, "SignatureDoesNotMatch", "The request signature we calculated does not match.");
      return;
    }
    const path = decodeURIComponent(new URL(request.url ?? "/", "http://fake").pathname);
    const [, bucket, ...rest] = path.split("/");
    const key = rest.join("/");
    fake.log.push(`${request.method} ${key}`);
    if (bucket !== fake.bucket) return xmlError(response, 404, "NoSuchBucket", "The bucket does not exist.");
    if (request.method === "PUT") {
      fake.objects.set(key, {
        body,
        contentType: request.headers["content-type"],
        cacheControl: request.headers["cache-control"],
      });
      response.writeHead(200, { etag: `"${createHash("md5").update(body).digest("hex")}"` });
      return response.end();
    }
    if (request.method === "DELETE") {
      fake.objects.delete(key);
      response.writeHead(204);
      return response.end();
    }
    const object = fake.objects.get(key);
    if (request.method !== "GET") return xmlError(response, 405, "MethodNotAllowed", "Not allowed.");
    if (!object) return xmlError(response, 404, "NoSuchKey", "The specified key does not exist.");
    response.writeHead(200, {
      "content-type": object.contentType ?? "application/octet-stream",
      "content-length": object.body.length,
    });
    response.end(object.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ...fake,
    get refused() {
      return fake.refused;
    },
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
