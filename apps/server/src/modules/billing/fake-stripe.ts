import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** A request the fake received: path and the SDK's form-encoded body, flattened ("line_items[0][price]"). */
export interface FakeStripeRequest {
  method: string;
  path: string;
  body: Record<string, string>;
  headers: IncomingMessage["headers"];
}

/**
 * A local stand-in for api.stripe.com (stripe-mock cannot be installed here, DESIGN.md): the real
 * `stripe` SDK talks to it over HTTP on 127.0.0.1 and it answers the calls billing makes.
 */
export async function startFakeStripe() {
  const requests: FakeStripeRequest[] = [];
  let n = 0;
  const server: Server = createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => {
      raw += c;
    });
    req.on("end", () => {
      const path = (req.url ?? "").split("?")[0]!;
      const body = Object.fromEntries(new URLSearchParams(raw));
      requests.push({ method: req.method ?? "", path, body, headers: req.headers });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { "content-type": "application/json", "request-id": `req_${++n}` });
        res.end(JSON.stringify(json));
      };
      if (!String(req.headers.authorization ?? "").startsWith("Bearer sk_test_"))
        return send(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
      if (req.method === "POST" && path === "/v1/checkout/sessions") {
        if (body.customer_email?.startsWith("refused"))
          return send(400, { error: { type: "invalid_request_error", message: "Tax settings incomplete" } });
        const id = `cs_test_fake${++n}`;
        return send(200, {
          id,
          object: "checkout.session",
          mode: body.mode,
          url: `https://checkout.stripe.com/c/pay/${id}`,
          client_reference_id: body.client_reference_id ?? null,
          customer_email: body.customer_email ?? null,
          success_url: body.success_url,
          cancel_url: body.cancel_url,
          status: "open",
          payment_status: "unpaid",
        });
      }
      if (req.method === "POST" && path === "/v1/billing_portal/sessions")
        return send(200, {
          id: `bps_fake${++n}`,
          object: "billing_portal.session",
          customer: body.customer,
          return_url: body.return_url,
          url: `https://billing.stripe.com/p/session/test_fake${n}`,
        });
      const cancelled = req.method === "DELETE" && path.match(/^\/v1\/subscriptions\/(sub_[\w-]+)$/);
      if (cancelled) return send(200, { id: cancelled[1], object: "subscription", status: "canceled" });
      send(404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${path})` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
