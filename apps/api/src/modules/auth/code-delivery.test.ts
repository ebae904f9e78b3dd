import { createServer as createHttpServer, type Server as HttpServer } from "node:http";
import { createServer as createTcpServer, type Server as TcpServer } from "node:net";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { oneTimeCodes } from "../../db/schema/index.ts";
import { createSmsHttpSender } from "../../lib/senders/sms-http.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import {
  desktop,
  GOOD_PASSWORD,
  listenOnFreePort,
  newClient,
  nextEmail,
  nextPhone,
  nextUsername,
} from "./auth-test-kit.ts";

interface SmtpMessage {
  from: string;
  to: string[];
  data: string;
  auth: string | null;
}

/** Just enough SMTP (RFC 5321) to take one message at a time, with AUTH PLAIN. */
function createFakeSmtpServer(received: SmtpMessage[], behaviour: { rejectRecipient: boolean }): TcpServer {
  return createTcpServer((socket) => {
    let buffer = "";
    let inData = false;
    let message: SmtpMessage = { from: "", to: [], data: "", auth: null };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply("220 fake.smtp.test ESMTP ready");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      while (true) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end < 0) return;
          message.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(message);
          message = { from: "", to: [], data: "", auth: message.auth };
          reply("250 2.0.0 queued");
          continue;
        }
        const newline = buffer.indexOf("\r\n");
        if (newline < 0) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.split(" ")[0]?.toUpperCase();
        if (verb === "EHLO") {
          reply("250-fake.smtp.test");
          reply("250-AUTH PLAIN");
          reply("250 8BITMIME");
        } else if (verb === "HELO") reply("250 fake.smtp.test");
        else if (verb === "AUTH") {
          message.auth = Buffer.from(line.split(" ")[2] ?? "", "base64").toString("utf8");
          reply("235 2.7.0 authenticated");
        } else if (verb === "MAIL") {
          message.from = line.slice(line.indexOf("<") + 1, line.indexOf(">"));
          reply("250 2.1.0 ok");
        } else if (verb === "RCPT") {
          if (behaviour.rejectRecipient) reply("550 5.1.1 no such mailbox");
          else {
            message.to.push(line.slice(line.indexOf("<") + 1, line.indexOf(">")));
            reply("250 2.1.5 ok");
          }
        } else if (verb === "DATA") {
          inData = true;
          reply("354 go ahead");
        } else if (verb === "RSET" || verb === "NOOP") reply("250 ok");
        else if (verb === "QUIT") {
          reply("221 bye");
          socket.end();
        } else reply("502 not implemented");
      }
    });
    socket.on("error", () => undefined);
  });
}

interface SmsRequest {
  method: string | undefined;
  path: string | undefined;
  authorization: string | undefined;
  contentType: string | undefined;
  body: { to?: string; text?: string };
}

let harness: TestApp;
let smtpServer: TcpServer;
let smsServer: HttpServer;
const mails: SmtpMessage[] = [];
const smsRequests: SmsRequest[] = [];
const smtpBehaviour = { rejectRecipient: false };
const gatewayBehaviour = { status: 200 };
let smsUrl = "";

beforeAll(async () => {
  smtpServer = createFakeSmtpServer(mails, smtpBehaviour);
  const smtpPort = await listenOnFreePort(smtpServer);
  // The fake gateway answers like a real one would, and records what it was sent.
  smsServer = createHttpServer((request, response) => {
    let raw = "";
    request.on("data", (chunk) => {
      raw += chunk;
    });
    request.on("end", () => {
      smsRequests.push({
        method: request.method,
        path: request.url,
        authorization: request.headers.authorization,
        contentType: request.headers["content-type"],
        body: JSON.parse(raw || "{}"),
      });
      const isAuthorized = request.headers.authorization === "Bearer sms-test-key";
      const status = isAuthorized ? gatewayBehaviour.status : 401;
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(status === 200 ? { id: "msg-1", status: "queued" } : { error: "refused" }));
    });
  });
  const smsPort = await listenOnFreePort(smsServer);
  smsUrl = `http://127.0.0.1:${smsPort}/v1/messages`;
  harness = await createTestApp({
    CODE_DELIVERY: "live",
    SMTP_HOST: "127.0.0.1",
    SMTP_PORT: String(smtpPort),
    SMTP_USER: "mailer",
    SMTP_PASSWORD: "mail-secret",
    SMTP_FROM: "Unaa <no-reply@unaa.kg>",
    SMS_GATEWAY_URL: smsUrl,
    SMS_GATEWAY_KEY: "sms-test-key",
  });
});
afterAll(async () => {
  await harness.close();
  await new Promise((resolve) => smtpServer.close(resolve));
  await new Promise((resolve) => smsServer.close(resolve));
});
beforeEach(() => {
  smtpBehaviour.rejectRecipient = false;
  gatewayBehaviour.status = 200;
});

const signRequest = (login: string, lang = "en") =>
  harness.app.inject({
    method: "POST",
    url: "/api/auth/sign-request",
    remoteAddress: newClient().ip,
    headers: { "x-lang": lang },
    payload: { purpose: "sign-up", login },
  });

const signUp = (login: string, code: string) =>
  harness.app.inject({
    method: "POST",
    url: "/api/auth/sign-up",
    remoteAddress: newClient().ip,
    payload: { login, code, username: nextUsername(), password: GOOD_PASSWORD, device: desktop, source: "x" },
  });

async function latestCodeRow(destination: string) {
  const [row] = await harness.database.db
    .select()
    .from(oneTimeCodes)
    .where(eq(oneTimeCodes.destination, destination))
    .orderBy(desc(oneTimeCodes.id))
    .limit(1);
  return row;
}

describe("code delivery over SMTP", () => {
  it("[S7.13] mails the code through the SMTP server (with AUTH) and records it as sent", async () => {
    const email = nextEmail();
    const response = await signRequest(email);
    expect(response.statusCode, response.body).toBe(200);
    const mail = mails.at(-1);
    expect(mail).toMatchObject({ from: "no-reply@unaa.kg", to: [email], auth: "\0mailer\0mail-secret" });
    expect(mail?.data).toMatch(/^Subject: Unaa code: \d{6}$/m);
    const code = mail?.data.match(/your code is (\d{6})/)?.[1];
    expect(code).toBeDefined();
    expect(await latestCodeRow(email)).toMatchObject({
      channel: "email",
      deliveryStatus: "sent",
      deliveryError: null,
    });
    expect((await signUp(email, code ?? "")).statusCode).toBe(200);
  });

  it("answers 503 CODE_DELIVERY_FAILED when the server refuses, and records the error", async () => {
    smtpBehaviour.rejectRecipient = true;
    const email = nextEmail();
    const response = await signRequest(email, "ru");
    expect(response.statusCode).toBe(503);
    expect(response.json().code).toBe("CODE_DELIVERY_FAILED");
    const row = await latestCodeRow(email);
    expect(row?.deliveryStatus).toBe("failed");
    expect(row?.deliveryError).toMatch(/550|no such mailbox/);
  });
});

describe("code delivery over the SMS gateway", () => {
  it("[S7.13] posts JSON with the bearer key to the gateway and records it as sent", async () => {
    const phone = nextPhone();
    const response = await signRequest(phone.replace("+996", "0"), "ru");
    expect(response.statusCode, response.body).toBe(200);
    const sms = smsRequests.at(-1);
    expect(sms).toMatchObject({
      method: "POST",
      path: "/v1/messages",
      authorization: "Bearer sms-test-key",
      contentType: "application/json",
      body: { to: phone },
    });
    const code = sms?.body.text?.match(/код (\d{6})/)?.[1];
    expect(code).toBeDefined();
    expect(sms?.body.text?.length).toBeLessThanOrEqual(70);
    expect(await latestCodeRow(phone)).toMatchObject({ channel: "sms", deliveryStatus: "sent" });
    expect((await signUp(phone, code ?? "")).statusCode).toBe(200);
  });

  it("answers 503 when the gateway fails; the failed code cannot be used", async () => {
    gatewayBehaviour.status = 502;
    const phone = nextPhone();
    const response = await signRequest(phone);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ code: "CODE_DELIVERY_FAILED" });
    const row = await latestCodeRow(phone);
    expect(row).toMatchObject({ deliveryStatus: "failed" });
    expect(row?.deliveryError).toContain("502");
    const code = smsRequests.at(-1)?.body.text?.match(/(\d{6})/)?.[1] ?? "";
    expect((await signUp(phone, code)).json().code).toBe("CODE_INVALID");
  });

  it("reports a wrong key and an unreachable gateway as delivery errors", async () => {
    const wrongKey = createSmsHttpSender({ url: smsUrl, key: "wrong" });
    const message = {
      channel: "sms",
      to: "+996700000000",
      code: "1",
      purpose: "sign-in",
      subject: "",
      text: "x",
    } as const;
    await expect(wrongKey.send(message)).rejects.toThrow(/401/);
    const nowhere = createSmsHttpSender({ url: "http://127.0.0.1:1/none", key: "k" });
    await expect(nowhere.send(message)).rejects.toThrow(/unreachable/);
    await expect(wrongKey.send({ ...message, channel: "email" })).rejects.toThrow(/only sends SMS/);
  });
});
