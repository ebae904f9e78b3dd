import { describe, expect, it } from "vitest";
import { ipNetwork } from "./ip-network.ts";

describe("ipNetwork", () => {
  it("groups IPv4 addresses by /24, mapped ones included", () => {
    expect(ipNetwork("203.0.113.7")).toBe("203.0.113.0/24");
    expect(ipNetwork("203.0.113.250")).toBe("203.0.113.0/24");
    expect(ipNetwork("::ffff:203.0.113.9")).toBe("203.0.113.0/24");
    expect(ipNetwork("203.0.114.7")).not.toBe(ipNetwork("203.0.113.7"));
  });

  it("groups IPv6 addresses by /64, in any spelling", () => {
    expect(ipNetwork("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(ipNetwork("2001:0db8:0001:0002::1")).toBe("2001:db8:1:2::/64");
    expect(ipNetwork("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(ipNetwork("2001:DB8:0:0:1::5%eth0")).toBe("2001:db8:0:0::/64");
    expect(ipNetwork("::1")).toBe("0:0:0:0::/64");
    expect(ipNetwork("2001:db8:1:3::1")).not.toBe(ipNetwork("2001:db8:1:2::1"));
  });

  it("keeps anything else as it is", () => {
    expect(ipNetwork("unknown")).toBe("unknown");
  });
});
