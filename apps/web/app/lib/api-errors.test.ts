import { errorMessages, locales } from "@unaa/contracts";
import { beforeAll, describe, expect, it } from "vitest";
import { describeApiError } from "./api-errors.ts";
import { errorCodeText } from "./error-code-text.ts";
import { ensureErrorMessages, errorMessage, errorMessagesOf } from "./error-messages.ts";
import { HttpError, NetworkError } from "./http-client.ts";

const texts: Record<string, string> = {
  "auth.fieldError.common": "Too common",
  "auth.fieldError.invalid": "Invalid value",
  "auth.error.network": "No connection",
};
const translate = (key: string) => texts[key];

function httpError(code: string, errors: HttpError["errors"] = [], message = "server text"): HttpError {
  return new HttpError({ status: 400, code, message, errors, body: {}, method: "POST", path: "/api/x" });
}

describe("the API's error messages, one language at a time", () => {
  it("[S8.2] shows the API's own message until the language's messages are loaded, then theirs", async () => {
    const error = httpError("CODE_INVALID", [], "Неверный код (API)");
    expect(errorMessagesOf("ky")).toBeUndefined();
    expect(errorCodeText(error, "ky")).toBe("Неверный код (API)");
    await ensureErrorMessages("ky");
    expect(errorCodeText(error, "ky")).toBe(errorMessages.ky.CODE_INVALID);
    expect(errorMessage("ky", "NO_SUCH_CODE")).toBeUndefined();
  });

  it("loads each locale as its own module, with the same texts as `errorMessages`", async () => {
    for (const locale of locales) expect(await ensureErrorMessages(locale)).toEqual(errorMessages[locale]);
  });
});

describe("API errors in forms", () => {
  beforeAll(() => Promise.all(locales.map(ensureErrorMessages)));

  const fields = ["login", "code", "password", "username"];

  it("[S8.2] places a code's message beside its field, in the interface language", () => {
    expect(describeApiError(httpError("CODE_INVALID"), { locale: "en", fields, translate })).toEqual({
      fields: { code: "Wrong code" },
      form: null,
    });
    expect(describeApiError(httpError("USERNAME_TAKEN"), { locale: "ru", fields, translate })).toEqual({
      fields: { username: "Это имя пользователя уже занято" },
      form: null,
    });
  });

  it("[S8.2] translates field errors by their code, falling back to the code's message", () => {
    const weak = httpError("PASSWORD_WEAK", [{ path: "password", code: "common", message: "common" }]);
    expect(describeApiError(weak, { locale: "en", fields, translate }).fields).toEqual({
      password: "Too common",
    });
    const unknownRule = httpError("PASSWORD_WEAK", [{ path: "password", code: "new_rule", message: "x" }]);
    expect(describeApiError(unknownRule, { locale: "en", fields, translate }).fields).toEqual({
      password: "The password is too weak",
    });
  });

  it("[S8.2] maps API paths to form fields and shows the rest above the form", () => {
    const invalid = httpError("VALIDATION_FAILED", [
      { path: "newPassword", code: "too_big", message: "Too big" },
      { path: "device.label", code: "too_small", message: "Too small" },
    ]);
    expect(
      describeApiError(invalid, {
        locale: "en",
        fields,
        translate,
        fieldAliases: { newPassword: "password" },
      }),
    ).toEqual({ fields: { password: "Invalid value" }, form: "Please check the highlighted fields" });
    expect(describeApiError(httpError("RATE_LIMITED"), { locale: "en", fields, translate })).toEqual({
      fields: {},
      form: "Too many requests, try again later",
    });
    expect(describeApiError(httpError("SOMETHING_NEW"), { locale: "en", fields, translate }).form).toBe(
      "server text",
    );
  });

  it("reports a lost connection as such", () => {
    const error = new NetworkError("POST", "/api/x", new TypeError("fetch failed"));
    expect(describeApiError(error, { locale: "en", fields, translate })).toEqual({
      fields: {},
      form: "No connection",
    });
  });
});
