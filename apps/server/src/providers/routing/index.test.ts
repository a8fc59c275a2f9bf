import { travelMinutes } from "@tabi/optimizer";
import { describe, expect, it } from "vitest";
import { createRouting } from "./index";

const log = { warn: () => {} };
const points = [
  { lat: 35.0394, lng: 135.7292 },
  { lat: 35.027, lng: 135.7982 },
];

describe("createRouting", () => {
  it("uses the embedded travel model without ROUTING_URL", async () => {
    const routing = createRouting({ routingUrl: undefined }, log);
    expect(routing.name).toBe("model");
    expect(await routing.matrix(points, "public_transport")).toEqual([
      [0, travelMinutes(points[0]!, points[1]!, "public_transport")],
      [travelMinutes(points[1]!, points[0]!, "public_transport"), 0],
    ]);
  });

  it("uses OSRM when ROUTING_URL is set", () => {
    expect(createRouting({ routingUrl: "http://router.example:5000" }, log).name).toBe("osrm");
  });
});
