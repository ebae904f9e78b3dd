import type { Vertical } from "@unaa/contracts";

/** The translation key of each vertical's "sell a …" title: the chooser's cards and each form's breadcrumb. */
export const createTitleKeys: Record<Vertical, string> = {
  car: "page.createCar.title",
  commercial: "page.createCommercial.title",
  moto: "page.createMoto.title",
  uslugi: "page.createUslugi.title",
};
