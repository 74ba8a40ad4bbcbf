// The engine service over gRPC-Web, and what the table makes of its errors.

import { Code, ConnectError, createClient, type Client } from "@connectrpc/connect";
import { createGrpcWebTransport } from "@connectrpc/connect-web";
import { EngineService } from "./gen/tarock/v1/engine_pb.js";

export type Engine = Client<typeof EngineService>;

/** The server the page talks to: `?server=URL`, else the origin that served the page. */
export function serverUrl(location: Location): string {
  const asked = new URLSearchParams(location.search).get("server");
  return (asked ?? location.origin).replace(/\/+$/, "");
}

/** A client of the engine service at `baseUrl`, speaking binary gRPC-Web. */
export function connect(baseUrl: string): Engine {
  return createClient(EngineService, createGrpcWebTransport({ baseUrl }));
}

/** A refusal or failure, ready to show: the rule it cites, if any, and one sentence. */
export interface Problem {
  /** The rule id a refused action cites, e.g. "HU-PLAY-05". */
  rule?: string;
  /** The service's reason, e.g. "ILLEGAL_ACTION" (ErrorInfo's reason, also in the message). */
  reason?: string;
  /** The status code's name, e.g. "failed_precondition". */
  code: string;
  /** What went wrong, in the server's words or the page's. */
  text: string;
}

// The service's messages start with the reason, and a refused action's then with the rule id
// the engine cites: "ILLEGAL_ACTION: HU-PLAY-05: you must ...".
const MESSAGE = /^([A-Z_]+): (?:([A-Z]{2,3}-[A-Z]+-\d+[a-z]?): )?(.*)$/s;

/**
 * Turns anything a call threw into a [`Problem`]. A request the browser could not complete at
 * all (the server is down, or it does not list this page's origin for CORS; the browser does not
 * tell the page which) is explained with the flag that fixes the second case.
 */
export function problem(e: unknown, baseUrl: string, pageOrigin: string): Problem {
  const err = ConnectError.from(e);
  const unreachable =
    err.cause instanceof TypeError ||
    (err.code === Code.Unknown && /fetch|network/i.test(err.rawMessage));
  if (unreachable) {
    const crossOrigin = new URL(baseUrl).origin !== pageOrigin;
    const why = crossOrigin
      ? `it is not running there, or it refuses this page's origin ${pageOrigin} (CORS): ` +
        `start it with --cors-origins ${pageOrigin}`
      : "it is not running there";
    return { code: "unavailable", text: `No answer from the server at ${baseUrl}: ${why}.` };
  }
  const code = Code[err.code]
    .replace(/([a-z])([A-Z])/g, "$1_$2")
    .toLowerCase();
  const m = MESSAGE.exec(err.rawMessage);
  return m ? { reason: m[1], rule: m[2], code, text: m[3] } : { code, text: err.rawMessage };
}
