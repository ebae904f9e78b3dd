import { Box, Container } from "@mantine/core";
import { Outlet } from "react-router";
import { SiteFooter } from "../components/site-footer.tsx";
import { SiteHeader } from "../components/site-header.tsx";
import classes from "./layouts.module.css";

/** The simple layout of the guest pages (spec S2.6): a slim header, a narrow centred column. */
export default function SimpleLayout() {
  return (
    <Box className={classes.shell} data-layout="simple">
      <SiteHeader minimal />
      <Box component="main" id="main" className={classes.main}>
        <Container size={560} px="md">
          <Outlet />
        </Container>
      </Box>
      <SiteFooter minimal />
    </Box>
  );
}
