import { QueryClient } from "@tanstack/react-query";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../lib/api";
import { stubLocalStorageEachTest } from "../../test/memoryStorage";
import { tripKeys } from "./api";
import { currentTripId, setCurrentTripId } from "./currentTrip";
import { installGoneTripHandling, tripOfRead } from "./goneTrip";

const toastInfo = vi.hoisted(() => vi.fn());
vi.mock("sonner", () => ({ toast: { info: toastInfo } }));

const TRIP = "5b1f3c2e-1111-4a4a-9999-000000000001";
const OTHER = "5b1f3c2e-1111-4a4a-9999-000000000002";

function client() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  installGoneTripHandling(qc);
  return qc;
}
const failing = (status: number) => async () => {
  throw new ApiError(status, "x", "No");
};
const tick = () => new Promise((r) => setTimeout(r, 0));

stubLocalStorageEachTest();
beforeEach(() => toastInfo.mockClear());

describe("a trip that answers 404 (deleted, or the caller removed from it)", () => {
  it("is forgotten as the current trip, once, with its name, and its kept reads are dropped", async () => {
    const qc = client();
    setCurrentTripId(TRIP);
    qc.setQueryData(tripKeys.detail(TRIP), { trip: { id: TRIP, name: "Kyoto autumn" }, members: [] });
    qc.setQueryData(["trips", TRIP, "chat"], { pages: [] });
    qc.setQueryData(tripKeys.detail(OTHER), { trip: { id: OTHER, name: "Osaka" }, members: [] });

    await qc.fetchQuery({ queryKey: [...tripKeys.all, "full", TRIP], queryFn: failing(404) }).catch(() => {});

    expect(currentTripId()).toBeNull();
    expect(toastInfo).toHaveBeenCalledTimes(1);
    expect(toastInfo.mock.calls[0]![0]).toContain("Kyoto autumn");
    await tick();
    expect(qc.getQueryData(tripKeys.detail(TRIP))).toBeUndefined();
    expect(qc.getQueryData(["trips", TRIP, "chat"])).toBeUndefined();
    expect(qc.getQueryData(tripKeys.detail(OTHER))).toBeDefined();
  });

  it("leaves the current trip alone for another trip's 404, a server failure, or another read's 404", async () => {
    const qc = client();
    setCurrentTripId(TRIP);
    await qc
      .fetchQuery({ queryKey: [...tripKeys.all, "full", OTHER], queryFn: failing(404) })
      .catch(() => {});
    await qc.fetchQuery({ queryKey: [...tripKeys.all, "full", TRIP], queryFn: failing(500) }).catch(() => {});
    await qc.fetchQuery({ queryKey: tripKeys.invitation(TRIP), queryFn: failing(404) }).catch(() => {});
    expect(currentTripId()).toBe(TRIP);
    expect(toastInfo).not.toHaveBeenCalled();
  });

  it("names the trip's own reads only", () => {
    expect(tripOfRead([...tripKeys.all, "full", TRIP])).toBe(TRIP);
    expect(tripOfRead(tripKeys.detail(TRIP))).toBe(TRIP);
    expect(tripOfRead(tripKeys.invitation(TRIP))).toBeNull();
    expect(tripOfRead(tripKeys.list())).toBeNull();
  });
});
