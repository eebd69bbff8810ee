// The bridge between bench/outside.py and an outside Spades bot written in JavaScript: the
// rule-based bot of github.com/Jus144tice/spades (Apache-2.0), read from a checkout given on the
// command line — it is not part of this project and nothing of it is copied here.
//
// Reads one JSON request per line on standard input, {"kind": "bid"|"play", "seed", "botId",
// "hand", "state"} (the outside bot's own shapes: cards {rank, suit}, players {id, team,
// seatIndex}), and answers {"bid": N} or {"card": {rank, suit}} on a line of standard output.
// Math.random is replaced by a seeded generator, reseeded at every request: the same position
// and seed give the same answer.
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";
import { join } from "node:path";

const root = process.argv[2];
if (!root) {
  console.error("usage: node bench/outside_bridge.mjs PATH/TO/spades/server");
  process.exit(2);
}
const load = (name) => import(pathToFileURL(join(root, name)).href);
const { botBid, botPlayCard } = await load("botAI.js");
const { getMode } = await load("game/modes.js");
const { buildTeamLookup } = await load("game/modeHelpers.js");
const mode = getMode(4);

let state32 = 1;
Math.random = () => {  // mulberry32
  state32 = (state32 + 0x6d2b79f5) | 0;
  let t = state32;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  const request = JSON.parse(line);
  state32 = request.seed | 0;
  const game = { ...request.state, mode, teamLookup: buildTeamLookup(mode, request.state.players) };
  let answer;
  if (request.kind === "bid") {
    const partner = game.teamLookup.getPartnerIds(request.botId)[0];
    const opponents = game.teamLookup.getOpponentIds(request.botId).map((id) => game.bids[id]);
    answer = { bid: botBid(request.hand, game.bids[partner], opponents, game, request.botId) };
  } else {
    answer = { card: botPlayCard(request.hand, game, request.botId) };
  }
  process.stdout.write(JSON.stringify(answer) + "\n");
}
