import { describe, expect, it } from "vitest";
import { detectDevice } from "./device.ts";

const agents = {
  windowsChrome:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  macSafari:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
  linuxFirefox: "Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0",
  iphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  androidPhone:
    "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  androidTablet:
    "Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  chromebook:
    "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
};

describe("device detection", () => {
  it("[S3.6] desktop browsers are '<platform> Web Desktop'", () => {
    expect(detectDevice(agents.windowsChrome)).toEqual({ type: "desktop", label: "Windows Web Desktop" });
    expect(detectDevice(agents.macSafari)).toEqual({ type: "desktop", label: "Mac Web Desktop" });
    expect(detectDevice(agents.linuxFirefox)).toEqual({ type: "desktop", label: "Linux Web Desktop" });
    expect(detectDevice(agents.chromebook)).toEqual({ type: "desktop", label: "ChromeOS Web Desktop" });
  });

  it("[S3.6] phones and tablets are '<device> Web Mobile'", () => {
    expect(detectDevice(agents.iphone)).toEqual({ type: "mobile", label: "iPhone Web Mobile" });
    expect(detectDevice(agents.androidPhone)).toEqual({ type: "mobile", label: "Android Web Mobile" });
    expect(detectDevice(agents.androidTablet)).toEqual({ type: "tablet", label: "Android Web Mobile" });
  });

  it("[S3.6] an iPad that claims to be a Mac is told apart by its touch points", () => {
    expect(detectDevice(agents.macSafari, 5)).toEqual({ type: "tablet", label: "iPad Web Mobile" });
  });

  it("[S3.6] an unknown agent still gets a label", () => {
    expect(detectDevice("")).toEqual({ type: "desktop", label: "Computer Web Desktop" });
    expect(detectDevice("SomeBrowser Mobi")).toEqual({ type: "mobile", label: "Phone Web Mobile" });
  });
});
