#!/usr/bin/env python3
"""A foreign client of tarock.v1.EngineService, written only from engine.proto.

It generates its stubs from proto/tarock/v1/engine.proto with grpcio-tools at start-up, connects
to a running server (--target) or starts one (--server-bin), checks grpc.health.v1, then plays
complete deals of every variant that ListVariants lists with seeded random legal moves. For every
deal it checks that the settlement adds up (zero-sum where it is read as payments) and that
ValidateGame agrees with Score, and where
the deal offers one, that an illegal card play is refused with FAILED_PRECONDITION and an
ErrorInfo (reason ILLEGAL_ACTION, domain tarock.v1, metadata rule/rule_text/seat/phase/action_index) in
the grpc-status-details-bin trailer.

It prints one summary line, then `N passed, N failed` alone on a line, and exits non-zero when a
deal failed, when no illegal move was checked, or when a health check failed.
"""

from __future__ import annotations

import argparse
import importlib
import os
import random
import re
import signal
import socket
import subprocess
import sys
import time
import traceback
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[2]
PROTO_ROOT = REPO / "proto"
PROTO_FILE = "tarock/v1/engine.proto"
GEN_DIR = HERE / "gen"

# A CHECKLIST rule id, e.g. HU-PLAY-05.
RULE_ID = re.compile(r"^[A-Z]{2}-[A-Z]+-\d{2}$")
# Probability of passing in the round of announcements when pass is legal: without it a random
# player raises kontras and bonuses for hundreds of actions.
ANNOUNCE_PASS = 0.7


def generate_stubs() -> None:
    """Compiles engine.proto into gen/ with grpcio-tools (the protoc bundled with it)."""
    from grpc_tools import protoc
    import grpc_tools

    GEN_DIR.mkdir(exist_ok=True)
    include = str(Path(grpc_tools.__file__).parent / "_proto")
    rc = protoc.main(
        [
            "grpc_tools.protoc",
            f"-I{PROTO_ROOT}",
            f"-I{include}",
            f"--python_out={GEN_DIR}",
            f"--grpc_python_out={GEN_DIR}",
            PROTO_FILE,
        ]
    )
    if rc != 0:
        raise SystemExit(f"protoc failed with exit code {rc}")
    sys.path.insert(0, str(GEN_DIR))


class Failure(Exception):
    """A check that did not hold."""


def check(cond: bool, what: str) -> None:
    if not cond:
        raise Failure(what)


class Client:
    def __init__(self, target: str):
        import grpc
        from grpc_health.v1 import health_pb2, health_pb2_grpc

        self.grpc = grpc
        self.pb = importlib.import_module("tarock.v1.engine_pb2")
        pb_grpc = importlib.import_module("tarock.v1.engine_pb2_grpc")
        self.health_pb2 = health_pb2
        self.channel = grpc.insecure_channel(
            target,
            options=[
                ("grpc.max_receive_message_length", 64 * 1024 * 1024),
                ("grpc.enable_retries", 0),
            ],
        )
        self.stub = pb_grpc.EngineServiceStub(self.channel)
        self.health = health_pb2_grpc.HealthStub(self.channel)

    # -- health ---------------------------------------------------------------------------------

    def wait_serving(self, timeout: float) -> None:
        """Waits until the overall health status is SERVING."""
        deadline = time.monotonic() + timeout
        last = None
        while time.monotonic() < deadline:
            try:
                r = self.health.Check(self.health_pb2.HealthCheckRequest(service=""), timeout=2)
                if r.status == self.health_pb2.HealthCheckResponse.SERVING:
                    return
                last = r.status
            except self.grpc.RpcError as e:
                last = e.code()
            time.sleep(0.1)
        raise Failure(f"server not SERVING after {timeout}s (last: {last})")

    def check_health(self) -> None:
        hp = self.health_pb2
        for service in ("", "tarock.v1.EngineService"):
            r = self.health.Check(hp.HealthCheckRequest(service=service), timeout=5)
            check(r.status == hp.HealthCheckResponse.SERVING, f"health {service!r}: {r.status}")
        try:
            self.health.Check(hp.HealthCheckRequest(service="no.such.Service"), timeout=5)
            raise Failure("health of an unknown service answered")
        except self.grpc.RpcError as e:
            check(e.code() == self.grpc.StatusCode.NOT_FOUND, f"unknown service: {e.code()}")

    # -- deals ----------------------------------------------------------------------------------

    def variants(self):
        r = self.stub.ListVariants(self.pb.ListVariantsRequest(), timeout=10)
        check(r.rules_version > 0, "ListVariants gives a rules version")
        check(len(r.variants) > 0, "ListVariants lists variants")
        return r.variants

    def play_deal(self, variant, seats: int, rng: random.Random, try_illegal: bool):
        """Plays one deal to the end. Returns whether an illegal move was checked in it, how the
        deal ended, and its number of actions."""
        pb = self.pb
        referee = pb.Viewer(role=pb.VIEWER_ROLE_REFEREE)
        dealer = rng.randrange(seats)
        r = self.stub.NewDeal(
            pb.NewDealRequest(
                variant=variant.id,
                seats=seats,
                dealer=dealer,
                seed=rng.randbytes(32),
                viewer=referee,
            ),
            timeout=10,
        )
        record = r.record
        check(record.variant == variant.id, "record names its variant")
        check(record.seats == seats and record.dealer == dealer, "record keeps the seating")
        check(len(record.actions) == 0, "a new record has no actions")
        lm = self.stub.LegalMoves(pb.LegalMovesRequest(record=record), timeout=10)
        view = r.view
        check(view.phase == lm.phase, "NewDeal's view and LegalMoves agree on the phase")
        moves, phase, game_over = lm.moves, lm.phase, lm.game_over
        to_act = lm.to_act if lm.HasField("to_act") else None
        illegal_checked = False
        steps = 0
        while not game_over:
            steps += 1
            check(steps < 2000, "the deal ends")
            check(to_act is not None and len(moves) > 0, "a seat is to act with legal moves")
            if try_illegal and not illegal_checked and phase == pb.PHASE_PLAY:
                illegal_checked = self.check_illegal_play(record, view, to_act, moves)
            if steps % 11 == 0 and len(moves) > 1:
                self.check_search_bot(record, to_act, moves, steps)
            move = self.choose(moves, phase, rng)
            req = pb.ApplyActionRequest(record=record, viewer=referee, seat=to_act)
            # Half the time by the structured action, half by its stable id.
            if rng.random() < 0.5:
                req.action.CopyFrom(move.action)
            else:
                req.action_id = move.id
            # Every seventh action is first applied without a view: the same answer, no view.
            bare = None
            if steps % 7 == 0:
                bare_req = pb.ApplyActionRequest()
                bare_req.CopyFrom(req)
                bare_req.omit_view = True
                bare = self.stub.ApplyAction(bare_req, timeout=10)
                check(not bare.HasField("view"), "omit_view leaves the view out")
            r = self.stub.ApplyAction(req, timeout=10)
            if bare is not None:
                check(
                    bare.record == r.record and list(bare.events) == list(r.events),
                    "omit_view changes nothing but the view",
                )
            check(
                len(r.record.actions) == len(record.actions) + 1,
                "ApplyAction appends exactly one action",
            )
            check(
                r.record.actions[-1].notation == move.action.notation,
                f"applied {r.record.actions[-1].notation!r}, chose {move.action.notation!r}",
            )
            record, view = r.record, r.view
            phase = view.phase
            game_over = phase == pb.PHASE_OVER
            to_act = view.to_act if view.HasField("to_act") else None
            moves = view.moves
        end = self.check_settlement(record, seats)
        return illegal_checked, end, len(record.actions)

    def check_search_bot(self, record, to_act: int, moves, seed: int) -> None:
        """The search bot, on a small budget: one of the legal moves, a value for each legal move
        in LegalMoves' order when it searched, and the same answer for the same request."""
        pb = self.pb
        req = pb.SuggestMoveRequest(
            record=record,
            bot="search",
            seed=seed,
            seat=to_act,
            budget=pb.SearchBudget(worlds=4),
        )
        r = self.stub.SuggestMove(req, timeout=10)
        ids = [m.id for m in moves]
        check(r.bot == "search" and r.seat == to_act, "the search bot answers for the seat to act")
        check(r.move.id in ids, "the search bot's move is legal")
        check(r.search.heuristic.id in ids, "the search report names the heuristic's move")
        if r.search.worlds > 0:
            check(1 <= r.search.worlds <= 4, "the search stays within its worlds")
            check([v.action_id for v in r.search.values] == ids, "a value for every legal move")
        else:
            check(r.search.fallback != "", "a search that did not search says why")
        again = self.stub.SuggestMove(req, timeout=10)
        check(again.move.id == r.move.id, "the same request, the same suggestion")

    def choose(self, moves, phase, rng: random.Random):
        pb = self.pb
        if phase == pb.PHASE_ANNOUNCE and rng.random() < ANNOUNCE_PASS:
            passes = [m for m in moves if m.action.kind == pb.ACTION_KIND_PASS]
            if passes:
                return passes[0]
        return rng.choice(list(moves))

    def check_settlement(self, record, seats: int) -> None:
        pb = self.pb
        s = self.stub.Score(pb.ScoreRequest(record=record), timeout=10)
        check(s.final, "Score of a finished deal is final")
        check(s.end != pb.END_REASON_UNSPECIFIED, "a finished deal has an end reason")
        ledger = s.ledger
        check(len(ledger.totals) == seats, f"ledger has {len(ledger.totals)} totals for {seats} seats")
        # Payments between players sum to zero; points credited on a score sheet (the Austrian
        # series) need not.
        check(
            ledger.scoring in (pb.SCORING_PAYMENTS, pb.SCORING_POINTS),
            f"ledger scoring {ledger.scoring}",
        )
        payments = ledger.scoring == pb.SCORING_PAYMENTS
        # What goes into the Danish pots balances what the players pay.
        potted = sum(sum(item.pots) for item in ledger.items)
        check(
            not payments or sum(ledger.totals) + potted == 0,
            f"settlement is not zero-sum: {list(ledger.totals)}, {potted} into the pots",
        )
        column = [0] * seats
        for item in ledger.items:
            check(len(item.payments) == seats, "every ledger line pays every seat")
            check(
                not payments or sum(item.payments) + sum(item.pots) == 0,
                f"ledger line {item.label!r} is not zero-sum",
            )
            for i, p in enumerate(item.payments):
                column[i] += p
        check(column == list(ledger.totals), "ledger totals are the sums of its lines")
        v = self.stub.ValidateGame(pb.ValidateGameRequest(record=record), timeout=10)
        check(v.valid and v.game_over, "ValidateGame accepts the finished record")
        check(v.actions_applied == len(record.actions), "ValidateGame applies every action")
        check(list(v.ledger.totals) == list(ledger.totals), "ValidateGame and Score agree")
        return pb.EndReason.Name(s.end).removeprefix("END_REASON_").lower()

    def check_illegal_play(self, record, view, to_act: int, moves) -> bool:
        """Plays a held card outside the legal moves, if there is one, and checks the error."""
        pb = self.pb
        legal = {m.action.card.index for m in moves if m.action.kind == pb.ACTION_KIND_PLAY}
        hand = [c.index for c in view.seat_views[to_act].hand]
        illegal = [c for c in hand if c not in legal]
        if not illegal:
            return False
        bad = pb.Action(kind=pb.ACTION_KIND_PLAY, card=pb.Card(index=illegal[0]))
        try:
            self.stub.ApplyAction(pb.ApplyActionRequest(record=record, action=bad), timeout=10)
        except self.grpc.RpcError as e:
            rule = self.check_illegal_error(e, to_act, len(record.actions))
            self.check_rule_text(record.variant, rule, e)
            return True
        raise Failure(f"an illegal play of card {illegal[0]} was accepted")

    def check_rule_text(self, variant: str, rule: str, e) -> None:
        """The error's rule text is the rules reference's, as DescribeRules states it."""
        from google.rpc import error_details_pb2
        from grpc_status import rpc_status

        info = error_details_pb2.ErrorInfo()
        next(d for d in rpc_status.from_call(e).details if d.Unpack(info))
        text = info.metadata.get("rule_text", "")
        check(text.endswith(".") and len(text) > 10, f"rule_text {text!r} states the rule")
        r = self.stub.DescribeRules(self.pb.DescribeRulesRequest(variant=variant, ids=[rule]), timeout=10)
        check([x.id for x in r.rules] == [rule], f"DescribeRules gives {rule}")
        check(r.rules[0].text == text, f"{rule}: the error's text is DescribeRules' ({text!r})")
        # A held card refused in trick play is refused by a rule of play (follow suit, trump...).
        check(r.rules[0].phase == "PLAY", f"rule {rule!r} is not a trick-play rule")

    def check_illegal_error(self, e, seat: int, index: int) -> str:
        from google.rpc import error_details_pb2
        from grpc_status import rpc_status

        check(
            e.code() == self.grpc.StatusCode.FAILED_PRECONDITION,
            f"illegal play: code {e.code()}, not FAILED_PRECONDITION",
        )
        # rpc_status decodes the grpc-status-details-bin trailer into a google.rpc.Status.
        status = rpc_status.from_call(e)
        check(status is not None, "the error carries google.rpc.Status details")
        infos = []
        for detail in status.details:
            if detail.Is(error_details_pb2.ErrorInfo.DESCRIPTOR):
                info = error_details_pb2.ErrorInfo()
                detail.Unpack(info)
                infos.append(info)
        check(len(infos) == 1, f"one ErrorInfo, got {len(infos)}")
        info = infos[0]
        check(info.reason == "ILLEGAL_ACTION", f"reason {info.reason!r}")
        check(info.domain == "tarock.v1", f"domain {info.domain!r}")
        rule = info.metadata.get("rule", "")
        check(RULE_ID.match(rule) is not None, f"rule id {rule!r}")
        check(info.metadata.get("seat") == str(seat), f"seat {info.metadata.get('seat')!r}")
        check(info.metadata.get("phase") == "play", f"phase {info.metadata.get('phase')!r}")
        check(
            info.metadata.get("action_index") == str(index),
            f"action_index {info.metadata.get('action_index')!r}, expected {index}",
        )
        check(rule in e.details(), "the status message names the rule")
        return rule


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    where = ap.add_mutually_exclusive_group(required=True)
    where.add_argument("--target", help="address of a running server, e.g. 127.0.0.1:50051")
    where.add_argument("--server-bin", help="path of tarock-server to start on a free loopback port")
    ap.add_argument("--deals", type=int, default=200, help="deals per variant (default 200)")
    ap.add_argument("--seed", type=int, default=1, help="seed of the random move choice")
    args = ap.parse_args()

    generate_stubs()
    server = None
    target = args.target
    if args.server_bin:
        target = f"127.0.0.1:{free_port()}"
        env = dict(os.environ, TAROCK_DRAIN_DELAY_SECS="0")
        server = subprocess.Popen([args.server_bin, "--listen", target], env=env)
    passed = failed = illegal = 0
    ok = True
    try:
        client = Client(target)
        client.wait_serving(30)
        try:
            client.check_health()
            print("python client: health SERVING for the server and tarock.v1.EngineService")
        except (Failure, client.grpc.RpcError) as e:
            print(f"python client: health check failed: {e}", file=sys.stderr)
            ok = False
        rng = random.Random(args.seed)
        for variant in client.variants():
            v_passed = actions = 0
            ends: dict[str, int] = {}
            for n in range(args.deals):
                seats = variant.seat_counts[n % len(variant.seat_counts)]
                try:
                    checked, end, n_actions = client.play_deal(variant, seats, rng, try_illegal=True)
                    illegal += checked
                    ends[end] = ends.get(end, 0) + 1
                    actions += n_actions
                    passed += 1
                    v_passed += 1
                except (Failure, client.grpc.RpcError) as e:
                    failed += 1
                    if failed <= 5:
                        print(f"python client: {variant.id} deal {n} ({seats} seats) failed: {e}", file=sys.stderr)
                        if not isinstance(e, Failure):
                            traceback.print_exc()
            how = ", ".join(f"{k} {v}" for k, v in sorted(ends.items()))
            print(f"python client: {variant.id}: {v_passed}/{args.deals} deals passed ({how}; {actions} actions)")
        if illegal == 0:
            print("python client: no deal offered an illegal play to check", file=sys.stderr)
            ok = False
    finally:
        if server is not None:
            server.send_signal(signal.SIGTERM)
            server.wait(timeout=30)
    total = passed + failed
    print(f"python client: {total} deals, {passed} passed, {failed} failed, {illegal} illegal moves refused with ILLEGAL_ACTION")
    print(f"{passed} passed, {failed} failed")
    return 0 if ok and failed == 0 and total > 0 else 1


if __name__ == "__main__":
    sys.exit(main())
