/**
 * Icons that every ad card repeats (the heart, the photo count's camera, the price drop's arrow),
 * drawn once per document as SVG symbols that each card points to with `<use>` (decision 096).
 * Drawn inline, a list page wrote the same icons fifty times and more (338 bytes a heart, 452 a
 * camera), and React rendered each one's elements and attributes on the server. The symbols are
 * Tabler's own paths and attributes, so the icons look as they did.
 */
import type { IconNode } from "@tabler/icons-react";
import { __iconNode as camera } from "@tabler/icons-react/dist/esm/icons/IconCamera.mjs";
import { __iconNode as heart } from "@tabler/icons-react/dist/esm/icons/IconHeart.mjs";
import { __iconNode as heartFilled } from "@tabler/icons-react/dist/esm/icons/IconHeartFilled.mjs";
import { __iconNode as trendingDown } from "@tabler/icons-react/dist/esm/icons/IconTrendingDown.mjs";
import { createElement } from "react";
import classes from "./icon-sprite.module.css";

/** Tabler's two kinds of icon: stroked outlines and filled shapes (its `defaultAttributes`). */
const kinds = {
  outline: {
    fill: "none",
    stroke: "currentColor",
    strokeWidth: 2,
    strokeLinecap: "round",
    strokeLinejoin: "round",
  },
  filled: { fill: "currentColor", stroke: "none" },
} as const;

const icons = {
  heart: { node: heart, kind: "outline" },
  "heart-filled": { node: heartFilled, kind: "filled" },
  camera: { node: camera, kind: "outline" },
  "trending-down": { node: trendingDown, kind: "outline" },
} satisfies Record<string, { node: IconNode; kind: keyof typeof kinds }>;

export type SpriteIconName = keyof typeof icons;

const symbolId = (name: SpriteIconName) => `icon-${name}`;

/** The symbols, once in the document (the root layout): an invisible SVG of no size. */
export function IconSprite() {
  return (
    <svg className={classes.sprite} aria-hidden="true" focusable="false">
      {Object.entries(icons).map(([name, { node, kind }]) => (
        <symbol key={name} id={symbolId(name as SpriteIconName)} viewBox="0 0 24 24" {...kinds[kind]}>
          {node.map(([tag, { key, ...attributes }]) => createElement(tag, { key, ...attributes }))}
        </symbol>
      ))}
    </svg>
  );
}

export interface SpriteIconProps {
  name: SpriteIconName;
  /** Width and height in px. */
  size: number;
  /** The icon's colour; the text's when absent. */
  color?: string;
}

/** One of the sprite's icons, decorative (its control or text names it). */
export function SpriteIcon({ name, size, color }: SpriteIconProps) {
  return (
    <svg width={size} height={size} aria-hidden="true" style={color ? { color } : undefined}>
      <use href={`#${symbolId(name)}`} />
    </svg>
  );
}
