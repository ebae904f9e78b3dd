/**
 * A page text staff wrote (decision 072) as React elements: `## heading`, `- item` lists,
 * paragraphs separated by a blank line, `**bold**` and `[text](link)`. The text is never HTML:
 * every piece becomes a text node, and a link whose target is not safe stays plain text.
 */
import { Anchor, List, Stack, Text, Title } from "@mantine/core";
import { safeLinkPattern } from "@unaa/contracts";
import type { ReactNode } from "react";
import { AppLink } from "./app-link.tsx";

type Block =
  | { kind: "heading"; text: string }
  | { kind: "list"; items: string[] }
  | { kind: "paragraph"; text: string };

/** The text's blocks: headings, lists and paragraphs, in order. */
export function parseSiteText(text: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  const endParagraph = () => {
    if (paragraph.length > 0) blocks.push({ kind: "paragraph", text: paragraph.join(" ") });
    paragraph = [];
  };
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith("## ")) {
      endParagraph();
      blocks.push({ kind: "heading", text: line.slice(3).trim() });
    } else if (line.startsWith("- ")) {
      endParagraph();
      const last = blocks.at(-1);
      if (last?.kind === "list") last.items.push(line.slice(2).trim());
      else blocks.push({ kind: "list", items: [line.slice(2).trim()] });
    } else if (line === "") {
      endParagraph();
    } else {
      paragraph.push(line);
    }
  }
  endParagraph();
  return blocks;
}

const inlinePattern = /\[([^\]\n]+)\]\(([^)\s]*)\)|\*\*([^*\n]+)\*\*/g;

/** A line's links and bold pieces as elements, the rest as text. */
function inline(text: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(inlinePattern)) {
    const index = match.index ?? 0;
    if (index > last) nodes.push(text.slice(last, index));
    const [whole, label, href, bold] = match;
    if (bold !== undefined) {
      nodes.push(
        <Text key={index} span fw={700} inherit>
          {bold}
        </Text>,
      );
    } else if (label !== undefined && href !== undefined && safeLinkPattern.test(href)) {
      nodes.push(
        href.startsWith("/") ? (
          <Anchor key={index} component={AppLink} to={href} inherit underline="always">
            {label}
          </Anchor>
        ) : (
          <Anchor
            key={index}
            href={href}
            inherit
            underline="always"
            rel="noopener noreferrer"
            target={href.startsWith("https:") ? "_blank" : undefined}
          >
            {label}
          </Anchor>
        ),
      );
    } else {
      nodes.push(whole);
    }
    last = index + whole.length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}

export function SiteText({ text, testId }: { text: string; testId?: string }) {
  return (
    <Stack gap="sm" data-testid={testId}>
      {parseSiteText(text).map((block, index) => {
        const key = `${block.kind}-${index}`;
        if (block.kind === "heading") {
          return (
            <Title key={key} order={2} size="h3" mt={index === 0 ? 0 : "sm"}>
              {inline(block.text)}
            </Title>
          );
        }
        if (block.kind === "list") {
          return (
            <List key={key} spacing={4}>
              {block.items.map((item, itemIndex) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the items are a static text's lines.
                <List.Item key={itemIndex}>{inline(item)}</List.Item>
              ))}
            </List>
          );
        }
        return <Text key={key}>{inline(block.text)}</Text>;
      })}
    </Stack>
  );
}
