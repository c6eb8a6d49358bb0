#!/usr/bin/env python3
"""A Malice bot in Python, standard library only (docs/api/subscriptions-and-streams.md#streams).

It creates a game against a built-in bot, reads the game's NDJSON stream (GET /api/stream/game/:id: the game
as this player may see it, then again after every change), and on each of its turns sends the first of its
legal moves with a GraphQL POST. The stream ends when the game is over.

    MALICE_URL=http://localhost:3000 MALICE_TOKEN=<a token with GAME_PLAY> python3 bot.py

MALICE_OPPONENT picks the built-in bot (RANDOM, GREEDY or EXPERT; default RANDOM).
"""
import json
import os
import sys
import urllib.error
import urllib.request

URL = os.environ.get("MALICE_URL", "http://localhost:3000").rstrip("/")
TOKEN = os.environ["MALICE_TOKEN"]
OPPONENT = os.environ.get("MALICE_OPPONENT", "RANDOM")
HEADERS = {"authorization": "Bearer " + TOKEN}


class GraphQLError(Exception):
    def __init__(self, error):
        super().__init__(error.get("message"))
        self.code = error.get("extensions", {}).get("code")


def graphql(query, variables=None):
    """POST /graphql; the data, or the first error raised."""
    body = json.dumps({"query": query, "variables": variables or {}}).encode()
    headers = dict(HEADERS, **{"content-type": "application/json"})
    request = urllib.request.Request(URL + "/graphql", data=body, headers=headers)
    try:
        with urllib.request.urlopen(request) as response:
            answer = json.load(response)
    except urllib.error.HTTPError as error:  # a refusal before GraphQL ran (401, 429, 503): same body
        answer = json.load(error)
    if answer.get("errors"):
        raise GraphQLError(answer["errors"][0])
    return answer["data"]


def stream(path):
    """The JSON lines of an NDJSON stream, as they come; empty lines are keep-alives."""
    request = urllib.request.Request(URL + path, headers=HEADERS)
    with urllib.request.urlopen(request) as response:
        for raw in response:
            line = raw.strip()
            if not line:
                continue
            value = json.loads(line)
            if "error" in value:  # the last line when the token stopped working
                error = value["error"]
                raise GraphQLError({"message": error["message"], "extensions": {"code": error["code"]}})
            yield value


def create_game():
    """A short game against a built-in bot: one pay-off card each, so the first to play it wins."""
    data = graphql(
        """mutation ($bot: BotKind!) {
          createGame(input: { preset: CLASSIC, bot: $bot, options: { payoffSize: 1 } }) { id }
        }""",
        {"bot": OPPONENT},
    )
    return data["createGame"]["id"]


def make_move(game_id, move, version):
    """Sends one move (the only place that knows makeMove's answer; the bot reads the stream instead)."""
    graphql(
        """mutation ($id: ID!, $move: String!, $version: Int!) {
          makeMove(gameId: $id, move: $move, expectedVersion: $version) { move { seq } }
        }""",
        {"id": game_id, "move": move, "version": version},
    )


def choose(legal_moves):
    """The first legal move. legalMoves writes every move out in full, a wild card's declared rank included
    (`*-d2=8`: docs/notation.md), so it is sent as it is."""
    return legal_moves[0]


def main():
    game_id = create_game()
    print("playing game", game_id, "against", OPPONENT, flush=True)
    acted_on = -1
    for game in stream("/api/stream/game/" + game_id):
        if game["status"] in ("FINISHED", "ABORTED"):
            result = game["result"] or {}
            mine = game["mySeat"] == result.get("winner")
            print("game over:", game["status"], result.get("reason"), "I won" if mine else "I did not win")
            return 0
        # A push shows the game as it is when it is built: act once per version, on this player's turns only.
        if not game["isMyTurn"] or game["version"] <= acted_on:
            continue
        acted_on = game["version"]
        move = choose(game["legalMoves"])
        try:
            make_move(game_id, move, game["version"])
        except GraphQLError as error:
            # The game moved on meanwhile (a timeout, a newer push on its way): the stream shows what is next.
            if error.code not in ("VERSION_CONFLICT", "NOT_YOUR_TURN", "GAME_NOT_ACTIVE"):
                raise
    print("the stream ended before the game did", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
