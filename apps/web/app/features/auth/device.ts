/**
 * The `device` and `source` of every sign-in payload (spec S3.6): the device label is the device
 * type plus "Web Desktop" or "Web Mobile"; the source is the browser's user agent.
 */
import type { Device, DeviceType, SignInBody } from "@unaa/contracts";

export type SignInContext = Pick<SignInBody, "device" | "source">;

/** The API keeps at most this many characters of the user agent. */
export const SOURCE_MAX_LENGTH = 512;

interface Platform {
  name: string;
  type: DeviceType;
}

// Order matters: iPads and Android tablets also say "Mac"/"Linux", phones also say "Linux".
const platforms: readonly (readonly [RegExp, Platform])[] = [
  [/iPhone|iPod/, { name: "iPhone", type: "mobile" }],
  [/iPad/, { name: "iPad", type: "tablet" }],
  [/Android.*Mobile|Mobile.*Android/, { name: "Android", type: "mobile" }],
  [/Android/, { name: "Android", type: "tablet" }],
  [/Windows Phone/, { name: "Windows Phone", type: "mobile" }],
  [/Windows/, { name: "Windows", type: "desktop" }],
  [/CrOS/, { name: "ChromeOS", type: "desktop" }],
  [/Macintosh|Mac OS X/, { name: "Mac", type: "desktop" }],
  [/Linux|X11/, { name: "Linux", type: "desktop" }],
];

/**
 * Reads the device from a user agent. `maxTouchPoints` tells an iPad, which reports itself as a Mac
 * since iPadOS 13, from a real Mac.
 */
export function detectDevice(userAgent: string, maxTouchPoints = 0): Device {
  let platform: Platform | undefined;
  for (const [pattern, candidate] of platforms) {
    if (pattern.test(userAgent)) {
      platform = candidate;
      break;
    }
  }
  if (platform?.name === "Mac" && maxTouchPoints > 1) platform = { name: "iPad", type: "tablet" };
  if (!platform) {
    const isMobile = /Mobi/i.test(userAgent);
    platform = isMobile ? { name: "Phone", type: "mobile" } : { name: "Computer", type: "desktop" };
  }
  const kind = platform.type === "desktop" ? "Web Desktop" : "Web Mobile";
  return { type: platform.type, label: `${platform.name} ${kind}` };
}

/** The device and source of this browser, for sign-in, sign-up, reset and Google payloads. */
export function currentSignInContext(): SignInContext {
  const userAgent = typeof navigator === "undefined" ? "" : navigator.userAgent;
  const touchPoints = typeof navigator === "undefined" ? 0 : navigator.maxTouchPoints;
  return { device: detectDevice(userAgent, touchPoints), source: userAgent.slice(0, SOURCE_MAX_LENGTH) };
}
