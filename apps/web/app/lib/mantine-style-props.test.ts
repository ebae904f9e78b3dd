// `patches/@mantine+core+9.7.3.patch` rewrites two functions every Mantine element calls (decision
// 093): they must answer exactly as Mantine's own code, written out here as the reference.
import { extractStyleProps, filterProps } from "@mantine/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

function mantineFilterProps(props: Record<string, unknown>) {
  return Object.keys(props).reduce<Record<string, unknown>>((acc, key) => {
    if (props[key] !== undefined) acc[key] = props[key];
    return acc;
  }, {});
}

// Mantine 9.7.3's extractStyleProps, as published.
function mantineExtractStyleProps(others: Record<string, unknown>) {
  // biome-ignore format: as Mantine writes it
  const { m, mx, my, mt, mb, ml, mr, me, ms, mis, mie, p, px, py, pt, pb, pl, pr, pe, ps, pis, pie, bd, bdrs, bg, c, opacity, ff, fz, fw, lts, ta, lh, fs, tt, td, w, miw, maw, h, mih, mah, bgsz, bgp, bgr, bga, pos, top, left, bottom, right, inset, display, flex, hiddenFrom, visibleFrom, lightHidden, darkHidden, sx, ...rest } = others;
  return {
    // biome-ignore format: in Mantine's order, which is the order of the element's inline styles
    styleProps: mantineFilterProps({ m, mx, my, mt, mb, ml, mr, me, ms, mis, mie, p, px, py, pt, pb, pl, pr, pis, pie, pe, ps, bd, bg, c, opacity, ff, fz, fw, lts, ta, lh, fs, tt, td, w, miw, maw, h, mih, mah, bgsz, bgp, bgr, bga, pos, top, left, bottom, right, inset, display, flex, bdrs, hiddenFrom, visibleFrom, lightHidden, darkHidden, sx }),
    rest,
  };
}

/** Mantine's 59 style props. */
const styleNames =
  "m mx my mt mb ml mr me ms mis mie p px py pt pb pl pr pe ps pis pie bd bdrs bg c opacity ff fz fw lts ta lh fs tt td w miw maw h mih mah bgsz bgp bgr bga pos top left bottom right inset display flex hiddenFrom visibleFrom lightHidden darkHidden sx".split(
    " ",
  );

/** Props as components pass them: style props and others, in any order, some undefined. */
const props = fc
  .array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom(...styleNames),
        fc.constantFrom(
          "className",
          "style",
          "children",
          "data-testid",
          "onClick",
          "size",
          "variant",
          "mod",
          "w-full",
        ),
        fc.string({ maxLength: 6 }),
      ),
      fc.oneof(
        fc.constant(undefined),
        fc.integer(),
        fc.string({ maxLength: 4 }),
        fc.boolean(),
        fc.constant(null),
      ),
    ),
    { maxLength: 20 },
  )
  .map((entries) => Object.fromEntries(entries));

/** An object's keys in order with their values: what `toEqual` does not compare (order). */
const ordered = (value: object) => Object.entries(value);

describe("Mantine's style props, patched (decision 093)", () => {
  it("extractStyleProps splits any props as Mantine does: the same style props in the same order, the same rest", () => {
    fc.assert(
      fc.property(props, (input) => {
        const patched = extractStyleProps(input);
        const reference = mantineExtractStyleProps(input);
        expect(ordered(patched.styleProps)).toEqual(ordered(reference.styleProps));
        expect(ordered(patched.rest)).toEqual(ordered(reference.rest));
      }),
      { numRuns: 2000 },
    );
  });

  it("filterProps drops undefined values and keeps the rest in order, as Mantine does", () => {
    fc.assert(
      fc.property(props, (input) => {
        expect(ordered(filterProps(input))).toEqual(ordered(mantineFilterProps(input)));
      }),
    );
  });
});
