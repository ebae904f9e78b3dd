import { Paper, Stack } from "@mantine/core";
import type { ReactNode } from "react";
import { SiteText } from "../../components/site-text.tsx";
import { TitledPage } from "../../components/titled-page.tsx";

/** A static page (decision 072): its title, the text staff wrote, and what the page adds below it. */
export function StaticPage({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <TitledPage>
      <Stack gap="lg" maw={820}>
        {text.trim() && (
          <Paper withBorder radius="lg" p={{ base: "md", sm: "xl" }}>
            <SiteText text={text} testId="site-text" />
          </Paper>
        )}
        {children}
      </Stack>
    </TitledPage>
  );
}
