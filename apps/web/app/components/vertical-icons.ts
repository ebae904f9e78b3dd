import { IconCar, IconMotorbike, IconTool, IconTruck } from "@tabler/icons-react";
import type { Vertical } from "@unaa/contracts";

/** The icon of each vertical (header menu, home page, the /create chooser). */
export const verticalIcons: Record<Vertical, typeof IconCar> = {
  car: IconCar,
  commercial: IconTruck,
  moto: IconMotorbike,
  uslugi: IconTool,
};
