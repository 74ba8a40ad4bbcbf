#!/usr/bin/env node
// A foreign client of tarock.v1.EngineService, written only from engine.proto.
//
// It loads proto/tarock/v1/engine.proto at run time with @grpc/proto-loader, connects to a
// running server (--target) or starts one (--server-bin), checks grpc.health.v1, then plays
// complete deals of every variant that ListVariants lists with seeded random legal moves. For
// every deal it checks that the settlement adds up (zero-sum where it is read as payments) and
// that ValidateGame agrees with Score, and where the deal offers one, that an illegal card play is refused with FAILED_PRECONDITION
// and an ErrorInfo (reason ILLEGAL_ACTION, domain tarock.v1, metadata rule/rule_text/seat/phase/
// action_index) decoded from the google.rpc.Status in the grpc-status-details-bin trailer.
//
// It prints one summary line, then `N passed, N failed` alone on a line, and exits non-zero when
// a deal failed, when no illegal move was checked, or when a health check failed.
'use strict';

const path = require('node:path');
const net = require('node:net');
const { spawn } = require('node:child_process');
const { parseArgs } = require('node:util');
const grpc = require('@grpc/grpc-js');
const protoLoader = require('@grpc/proto-loader');
const health = require('grpc-health-check');
const googleProtos = require('google-proto-files');

const REPO = path.resolve(__dirname, '..', '..', '..');
const PROTO_ROOT = path.join(REPO, 'proto');
// A CHECKLIST rule id, e.g. HU-PLAY-05.
const RULE_ID = /^[A-Z]{2}-[A-Z]+-\d{2}$/;
// Probability of passing in the round of announcements when pass is legal: without it a random
// player raises kontras and bonuses for hundreds of actions.
const ANNOUNCE_PASS = 0.7;
// Deals in flight at once.
const CONCURRENCY = 4;

class Failure extends Error {}

function check(cond, what) {
  if (!cond) throw new Failure(what);
}

// splitmix32: a small seeded generator, one per deal, so that results do not depend on the
// order in which concurrent deals finish.
function rngFor(...parts) {
  let h = 0x9e3779b9;
  for (const p of parts) {
    for (const ch of String(p)) h = Math.imul(h ^ ch.charCodeAt(0), 0x85ebca6b) >>> 0;
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  }
  let state = h >>> 0;
  const next = () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x21f0aaad) >>> 0;
    z = Math.imul(z ^ (z >>> 15), 0x735a2d97) >>> 0;
    return ((z ^ (z >>> 15)) >>> 0) / 4294967296;
  };
  return {
    random: next,
    below: (n) => Math.floor(next() * n),
    bytes: (n) => Buffer.from(Array.from({ length: n }, () => Math.floor(next() * 256))),
  };
}

function loadApi() {
  const options = { keepCase: true, longs: Number, enums: String, defaults: true, oneofs: true };
  const def = protoLoader.loadSync('tarock/v1/engine.proto', { ...options, includeDirs: [PROTO_ROOT] });
  const pkg = grpc.loadPackageDefinition(def);
  // google.rpc.Status and ErrorInfo, from the googleapis protos, to decode error details.
  const rpc = googleProtos.loadSync([
    googleProtos.getProtoPath('rpc', 'status.proto'),
    googleProtos.getProtoPath('rpc', 'error_details.proto'),
  ]);
  return {
    EngineService: pkg.tarock.v1.EngineService,
    Status: rpc.lookupType('google.rpc.Status'),
    ErrorInfo: rpc.lookupType('google.rpc.ErrorInfo'),
  };
}

function unary(client, method, request) {
  return new Promise((resolve, reject) => {
    const deadline = new Date(Date.now() + 10_000);
    client[method](request, { deadline }, (err, res) => (err ? reject(err) : resolve(res)));
  });
}

class Client {
  constructor(target) {
    this.api = loadApi();
    const opts = { 'grpc.max_receive_message_length': 64 * 1024 * 1024 };
    this.engine = new this.api.EngineService(target, grpc.credentials.createInsecure(), opts);
    const Health = grpc.makeGenericClientConstructor(health.service, 'Health');
    this.health = new Health(target, grpc.credentials.createInsecure(), opts);
  }

  close() {
    this.engine.close();
    this.health.close();
  }

  async waitServing(timeoutMs) {
    const end = Date.now() + timeoutMs;
    let last;
    while (Date.now() < end) {
      try {
        const r = await unary(this.health, 'check', { service: '' });
        if (r.status === 'SERVING') return;
        last = r.status;
      } catch (e) {
        last = e.code;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Failure(`server not SERVING after ${timeoutMs} ms (last: ${last})`);
  }

  async checkHealth() {
    for (const service of ['', 'tarock.v1.EngineService']) {
      const r = await unary(this.health, 'check', { service });
      check(r.status === 'SERVING', `health '${service}': ${r.status}`);
    }
    try {
      await unary(this.health, 'check', { service: 'no.such.Service' });
    } catch (e) {
      check(e.code === grpc.status.NOT_FOUND, `unknown service: code ${e.code}`);
      return;
    }
    throw new Failure('health of an unknown service answered');
  }

  async variants() {
    const r = await unary(this.engine, 'ListVariants', {});
    check(r.rules_version > 0, 'ListVariants gives a rules version');
    check(r.variants.length > 0, 'ListVariants lists variants');
    return r.variants;
  }

  async playDeal(variant, seats, rng) {
    const referee = { role: 'VIEWER_ROLE_REFEREE' };
    const dealer = rng.below(seats);
    const nd = await unary(this.engine, 'NewDeal', {
      variant: variant.id,
      seats,
      dealer,
      seed: rng.bytes(32),
      viewer: referee,
    });
    let record = nd.record;
    check(record.variant === variant.id, 'record names its variant');
    check(record.seats === seats && record.dealer === dealer, 'record keeps the seating');
    check(record.actions.length === 0, 'a new record has no actions');
    const lm = await unary(this.engine, 'LegalMoves', { record });
    check(nd.view.phase === lm.phase, "NewDeal's view and LegalMoves agree on the phase");
    let view = nd.view;
    let { moves, phase } = lm;
    let toAct = lm.to_act;
    let over = lm.game_over;
    let illegalChecked = false;
    let steps = 0;
    while (!over) {
      steps += 1;
      check(steps < 2000, 'the deal ends');
      check(toAct != null && moves.length > 0, 'a seat is to act with legal moves');
      if (!illegalChecked && phase === 'PHASE_PLAY') {
        illegalChecked = await this.checkIllegalPlay(record, view, toAct, moves);
      }
      if (steps % 11 === 0 && moves.length > 1) {
        await this.checkSearchBot(record, toAct, moves, steps);
      }
      const move = choose(moves, phase, rng);
      const req = { record, viewer: referee, seat: toAct };
      // Half the time by the structured action, half by its stable id.
      if (rng.random() < 0.5) req.action = move.action;
      else req.action_id = move.id;
      // Every seventh action is first applied without a view: the same answer, no view.
      const bare = steps % 7 === 0 ? await unary(this.engine, 'ApplyAction', { ...req, omit_view: true }) : null;
      if (bare) check(bare.view == null, 'omit_view leaves the view out');
      const r = await unary(this.engine, 'ApplyAction', req);
      if (bare) {
        const same = JSON.stringify([bare.record, bare.events]) === JSON.stringify([r.record, r.events]);
        check(same, 'omit_view changes nothing but the view');
      }
      check(r.record.actions.length === record.actions.length + 1, 'ApplyAction appends exactly one action');
      const applied = r.record.actions[r.record.actions.length - 1].notation;
      check(applied === move.action.notation, `applied '${applied}', chose '${move.action.notation}'`);
      record = r.record;
      view = r.view;
      phase = view.phase;
      over = phase === 'PHASE_OVER';
      toAct = view.to_act;
      moves = view.moves;
    }
    const end = await this.checkSettlement(record, seats);
    return { illegalChecked, end, actions: record.actions.length };
  }

  async checkSettlement(record, seats) {
    const s = await unary(this.engine, 'Score', { record });
    check(s.final === true, 'Score of a finished deal is final');
    check(s.end !== 'END_REASON_UNSPECIFIED', 'a finished deal has an end reason');
    const { ledger } = s;
    const totals = ledger.totals.map(Number);
    check(totals.length === seats, `ledger has ${totals.length} totals for ${seats} seats`);
    // Payments between players sum to zero; points credited on a score sheet (the Austrian
    // series) need not.
    check(
      ledger.scoring === 'SCORING_PAYMENTS' || ledger.scoring === 'SCORING_POINTS',
      `ledger scoring ${ledger.scoring}`,
    );
    const payments = ledger.scoring === 'SCORING_PAYMENTS';
    // What goes into the Danish pots balances what the players pay.
    const potted = sum(ledger.items.map((item) => sum(item.pots.map(Number))));
    check(
      !payments || sum(totals) + potted === 0,
      `settlement is not zero-sum: ${totals}, ${potted} into the pots`,
    );
    const column = new Array(seats).fill(0);
    for (const item of ledger.items) {
      check(item.payments.length === seats, 'every ledger line pays every seat');
      check(
        !payments || sum(item.payments.map(Number)) + sum(item.pots.map(Number)) === 0,
        `ledger line '${item.label}' is not zero-sum`,
      );
      item.payments.forEach((p, i) => (column[i] += Number(p)));
    }
    check(column.every((c, i) => c === totals[i]), 'ledger totals are the sums of its lines');
    const v = await unary(this.engine, 'ValidateGame', { record });
    check(v.valid && v.game_over, 'ValidateGame accepts the finished record');
    check(v.actions_applied === record.actions.length, 'ValidateGame applies every action');
    check(v.ledger.totals.map(Number).every((t, i) => t === totals[i]), 'ValidateGame and Score agree');
    return s.end.replace(/^END_REASON_/, '').toLowerCase();
  }

  // Plays a held card outside the legal moves, if there is one, and checks the error.
  // The search bot, on a small budget: one of the legal moves, a value for each legal move in
  // LegalMoves' order when it searched, and the same answer for the same request.
  async checkSearchBot(record, toAct, moves, seed) {
    const req = { record, bot: 'search', seed, seat: toAct, budget: { worlds: 4 } };
    const r = await unary(this.engine, 'SuggestMove', req);
    const ids = moves.map((m) => m.id);
    check(r.bot === 'search' && r.seat === toAct, 'the search bot answers for the seat to act');
    check(ids.includes(r.move.id), "the search bot's move is legal");
    check(ids.includes(r.search.heuristic.id), "the search report names the heuristic's move");
    if (r.search.worlds > 0) {
      check(r.search.worlds >= 1 && r.search.worlds <= 4, 'the search stays within its worlds');
      const valued = r.search.values.map((v) => v.action_id);
      check(JSON.stringify(valued) === JSON.stringify(ids), 'a value for every legal move');
    } else {
      check(r.search.fallback !== '', 'a search that did not search says why');
    }
    const again = await unary(this.engine, 'SuggestMove', req);
    check(again.move.id === r.move.id, 'the same request, the same suggestion');
  }

  async checkIllegalPlay(record, view, toAct, moves) {
    const legal = new Set(moves.filter((m) => m.action.kind === 'ACTION_KIND_PLAY').map((m) => m.action.card.index));
    const illegal = view.seat_views[toAct].hand.map((c) => c.index).filter((c) => !legal.has(c));
    if (illegal.length === 0) return false;
    const bad = { kind: 'ACTION_KIND_PLAY', card: { index: illegal[0] } };
    try {
      await unary(this.engine, 'ApplyAction', { record, action: bad });
    } catch (e) {
      if (e instanceof Failure) throw e;
      const meta = this.checkIllegalError(e, toAct, record.actions.length);
      await this.checkRuleText(record.variant, meta);
      return true;
    }
    throw new Failure(`an illegal play of card ${illegal[0]} was accepted`);
  }

  checkIllegalError(e, seat, index) {
    check(e.code === grpc.status.FAILED_PRECONDITION, `illegal play: code ${e.code}, not FAILED_PRECONDITION`);
    const raw = e.metadata && e.metadata.get('grpc-status-details-bin');
    check(raw && raw.length === 1, 'the error carries a grpc-status-details-bin trailer');
    const status = this.api.Status.decode(raw[0]);
    check(status.code === grpc.status.FAILED_PRECONDITION, 'google.rpc.Status has the call\'s code');
    const infos = status.details
      .filter((d) => d.type_url === 'type.googleapis.com/google.rpc.ErrorInfo')
      .map((d) => this.api.ErrorInfo.decode(d.value));
    check(infos.length === 1, `one ErrorInfo, got ${infos.length}`);
    const info = infos[0];
    const meta = info.metadata || {};
    check(info.reason === 'ILLEGAL_ACTION', `reason '${info.reason}'`);
    check(info.domain === 'tarock.v1', `domain '${info.domain}'`);
    check(RULE_ID.test(meta.rule || ''), `rule id '${meta.rule}'`);
    check(meta.seat === String(seat), `seat '${meta.seat}'`);
    check(meta.phase === 'play', `phase '${meta.phase}'`);
    check(meta.action_index === String(index), `action_index '${meta.action_index}', expected ${index}`);
    check(e.details.includes(meta.rule), 'the status message names the rule');
    return meta;
  }

  // The error's rule text is the rules reference's, as DescribeRules states it.
  async checkRuleText(variant, meta) {
    const text = meta.rule_text || '';
    check(text.endsWith('.') && text.length > 10, `rule_text '${text}' states the rule`);
    const r = await unary(this.engine, 'DescribeRules', { variant, ids: [meta.rule] });
    check(r.rules.length === 1 && r.rules[0].id === meta.rule, `DescribeRules gives ${meta.rule}`);
    check(r.rules[0].text === text, `${meta.rule}: the error's text is DescribeRules' ('${text}')`);
    // A held card refused in trick play is refused by a rule of play (follow suit, trump...).
    check(r.rules[0].phase === 'PLAY', `rule '${meta.rule}' is not a trick-play rule`);
  }
}

function choose(moves, phase, rng) {
  if (phase === 'PHASE_ANNOUNCE' && rng.random() < ANNOUNCE_PASS) {
    const pass = moves.find((m) => m.action.kind === 'ACTION_KIND_PASS');
    if (pass) return pass;
  }
  return moves[rng.below(moves.length)];
}

function sum(xs) {
  return xs.reduce((a, b) => a + b, 0);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function main() {
  const { values } = parseArgs({
    options: {
      target: { type: 'string' },
      'server-bin': { type: 'string' },
      deals: { type: 'string', default: '200' },
      seed: { type: 'string', default: '1' },
    },
  });
  if (!values.target === !values['server-bin']) {
    console.error('usage: client.js (--target HOST:PORT | --server-bin PATH) [--deals N] [--seed S]');
    return 2;
  }
  const deals = Number(values.deals);
  let target = values.target;
  let server = null;
  if (values['server-bin']) {
    target = `127.0.0.1:${await freePort()}`;
    server = spawn(values['server-bin'], ['--listen', target], {
      env: { ...process.env, TAROCK_DRAIN_DELAY_SECS: '0' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
  }
  let passed = 0;
  let failed = 0;
  let illegal = 0;
  let ok = true;
  let client = null;
  try {
    client = new Client(target);
    await client.waitServing(30_000);
    try {
      await client.checkHealth();
      console.log('node client: health SERVING for the server and tarock.v1.EngineService');
    } catch (e) {
      console.error(`node client: health check failed: ${e.message}`);
      ok = false;
    }
    for (const variant of await client.variants()) {
      let vPassed = 0;
      let actions = 0;
      const ends = {};
      let next = 0;
      const worker = async () => {
        while (next < deals) {
          const n = next++;
          const seats = variant.seat_counts[n % variant.seat_counts.length];
          try {
            const r = await client.playDeal(variant, seats, rngFor(values.seed, variant.id, n));
            if (r.illegalChecked) illegal += 1;
            ends[r.end] = (ends[r.end] || 0) + 1;
            actions += r.actions;
            passed += 1;
            vPassed += 1;
          } catch (e) {
            failed += 1;
            if (failed <= 5) {
              console.error(`node client: ${variant.id} deal ${n} (${seats} seats) failed: ${e.message}`);
              if (!(e instanceof Failure)) console.error(e);
            }
          }
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      const how = Object.keys(ends)
        .sort()
        .map((k) => `${k} ${ends[k]}`)
        .join(', ');
      console.log(`node client: ${variant.id}: ${vPassed}/${deals} deals passed (${how}; ${actions} actions)`);
    }
    if (illegal === 0) {
      console.error('node client: no deal offered an illegal play to check');
      ok = false;
    }
  } catch (e) {
    console.error(`node client: ${e.stack || e}`);
    ok = false;
  } finally {
    if (client) client.close();
    if (server) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
  }
  const total = passed + failed;
  console.log(`node client: ${total} deals, ${passed} passed, ${failed} failed, ${illegal} illegal moves refused with ILLEGAL_ACTION`);
  console.log(`${passed} passed, ${failed} failed`);
  return ok && failed === 0 && total > 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
