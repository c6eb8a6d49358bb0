#!/usr/bin/env python3
"""A Malice bot in Python, standard library only (docs/api/subscriptions-and-streams.md#streams).

It creates a game against a built-in bot, reads the game's NDJSON stream (GET /api/stream/game/:id: the game
as this player may see it, then again after every change), and on each of its turns sends the first of its
legal moves with a GraphQL POST. The stream ends when the game is over.

With a token (GAME_PLAY, or a bot account's BOT_PLAY):

    MALICE_URL=http://localhost:3000 MALICE_TOKEN=<token> python3 bot.py

As an app without a token (docs/api/apps-and-oauth.md): register a public app with the redirect URI
http://127.0.0.1/cb, then run it with the app's id. It does a native app's flow (RFC 8252): a listener on
127.0.0.1 on a free port, the authorization page's address printed (and opened in a browser when run in a
terminal), PKCE S256, the answer's state and iss checked, the code exchanged at /oauth/token, and the access
token refreshed when it expires or is refused.

    MALICE_URL=http://localhost:3000 MALICE_CLIENT_ID=<the app's id> python3 bot.py

MALICE_CLIENT_SECRET makes it a confidential app; MALICE_OPPONENT picks the built-in bot (RANDOM, GREEDY or
EXPERT; default RANDOM).
"""
import base64
import hashlib
import http.server
import json
import os
import secrets
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
import webbrowser

URL = os.environ.get("MALICE_URL", "http://localhost:3000").rstrip("/")
OPPONENT = os.environ.get("MALICE_OPPONENT", "RANDOM")
# What it asks the person for: playing in their name (the game stream needs no more).
SCOPES = "GAME_PLAY"
# Refresh this many seconds before the access token expires.
REFRESH_MARGIN = 60


class GraphQLError(Exception):
    def __init__(self, error):
        super().__init__(error.get("message"))
        self.code = error.get("extensions", {}).get("code")


class OAuthError(Exception):
    """The server refused (`error`, `error_description`), or its answer to the app is not the one it expects."""


def post_form(endpoint, form, secret=None, client_id=None):
    """A form POST to an OAuth endpoint; its JSON answer, or OAuthError with the server's error."""
    headers = {"content-type": "application/x-www-form-urlencoded"}
    if secret is not None:  # a confidential app: HTTP Basic, each part form-encoded first (RFC 6749 §2.3.1)
        pair = urllib.parse.quote_plus(client_id) + ":" + urllib.parse.quote_plus(secret)
        headers["authorization"] = "Basic " + base64.b64encode(pair.encode()).decode()
    request = urllib.request.Request(endpoint, data=urllib.parse.urlencode(form).encode(), headers=headers)
    try:
        with urllib.request.urlopen(request) as response:
            body = response.read()
    except urllib.error.HTTPError as error:
        answer = json.loads(error.read() or b"{}")
        raise OAuthError("%s: %s" % (answer.get("error"), answer.get("error_description"))) from None
    return json.loads(body) if body else {}


class App:
    """An app's tokens (docs/api/apps-and-oauth.md): the authorization code flow once, then refreshes."""

    def __init__(self, client_id, secret):
        self.client_id = client_id
        self.secret = secret
        with urllib.request.urlopen(URL + "/.well-known/oauth-authorization-server") as response:
            self.server = json.load(response)
        # The server's name is its PUBLIC_URL: the `iss` of every answer must be it (RFC 8414 §3.3, RFC 9207).
        if self.server["issuer"].rstrip("/") != URL:
            issuer = self.server["issuer"]
            raise OAuthError("the server calls itself %s, not %s: set MALICE_URL to it" % (issuer, URL))
        self.access_token = None
        self.refresh_token = None
        self.expires_at = None

    def credentials(self):
        """A public app names itself; a confidential one authenticates with its secret (HTTP Basic)."""
        return {} if self.secret else {"client_id": self.client_id}

    def token_request(self, form):
        answer = post_form(
            self.server["token_endpoint"], dict(form, **self.credentials()), self.secret, self.client_id
        )
        self.access_token = answer["access_token"]
        self.refresh_token = answer.get("refresh_token")
        self.expires_at = time.time() + answer["expires_in"] if "expires_in" in answer else None

    def authorize(self):
        """RFC 8252: listen on the loopback interface, send the person to the authorization page, read the
        answer, exchange its code."""
        verifier = secrets.token_urlsafe(48)  # 64 characters of A–Z a–z 0–9 - _ (RFC 7636 §4.1)
        challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
        state = secrets.token_urlsafe(16)
        answers = []

        class Callback(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                url = urllib.parse.urlsplit(self.path)
                if url.path != "/cb":
                    self.send_error(404)
                    return
                answers.append(dict(urllib.parse.parse_qsl(url.query)))
                self.send_response(200)
                self.send_header("content-type", "text/plain; charset=utf-8")
                self.end_headers()
                self.wfile.write(b"Done: you may close this page and go back to the bot.\n")

            def log_message(self, *args):  # no line per request on stderr
                pass

        listener = http.server.HTTPServer(("127.0.0.1", 0), Callback)  # port 0: any free port
        redirect_uri = "http://127.0.0.1:%d/cb" % listener.server_address[1]
        query = urllib.parse.urlencode({
            "response_type": "code",
            "client_id": self.client_id,
            "redirect_uri": redirect_uri,
            "scope": SCOPES,
            "state": state,
            "code_challenge": challenge,
            "code_challenge_method": "S256",
        }, quote_via=urllib.parse.quote)
        address = self.server["authorization_endpoint"] + "?" + query
        print("open this address to let the bot play for you:", address, flush=True)
        if sys.stdout.isatty():  # a person at a terminal: show them the page (a test reads the address instead)
            webbrowser.open(address)
        try:
            while not answers:
                listener.handle_request()
        finally:
            listener.server_close()
        answer = answers[0]
        # Check the answer is ours before reading anything else of it: our state, and this server's name.
        if answer.get("state") != state:
            raise OAuthError("the answer's state is not the one sent: not our request, ignored")
        if answer.get("iss") != self.server["issuer"]:
            issuer = self.server["issuer"]
            raise OAuthError("the answer's iss is %r, not this server's %r" % (answer.get("iss"), issuer))
        if "error" in answer:
            raise OAuthError("%s: %s" % (answer["error"], answer.get("error_description")))
        self.token_request({
            "grant_type": "authorization_code",
            "code": answer["code"],
            "redirect_uri": redirect_uri,
            "code_verifier": verifier,
        })

    def refresh(self):
        """A new access token; the refresh token is good once, so the new one replaces it."""
        if self.refresh_token is None:
            return False
        self.token_request({"grant_type": "refresh_token", "refresh_token": self.refresh_token})
        return True

    def token(self):
        if self.expires_at is not None and time.time() >= self.expires_at - REFRESH_MARGIN:
            self.refresh()
        return self.access_token


class Token:
    """MALICE_TOKEN: sent as it is, never renewed."""

    def __init__(self, token):
        self.access_token = token

    def token(self):
        return self.access_token

    def refresh(self):
        return False


def auth_from_environment():
    token = os.environ.get("MALICE_TOKEN")
    if token:
        return Token(token)
    client_id = os.environ.get("MALICE_CLIENT_ID")
    if not client_id:
        raise SystemExit("set MALICE_TOKEN, or MALICE_CLIENT_ID")
    app = App(client_id, os.environ.get("MALICE_CLIENT_SECRET") or None)
    app.authorize()
    return app


AUTH = None


def headers():
    return {"authorization": "Bearer " + AUTH.token()}


def graphql(query, variables=None, renewed=False):
    """POST /graphql; the data, or the first error raised. A refused token (401) is renewed once."""
    body = json.dumps({"query": query, "variables": variables or {}}).encode()
    request_headers = dict(headers(), **{"content-type": "application/json"})
    request = urllib.request.Request(URL + "/graphql", data=body, headers=request_headers)
    try:
        with urllib.request.urlopen(request) as response:
            answer = json.load(response)
    except urllib.error.HTTPError as error:  # a refusal before GraphQL ran (401, 429, 503): same body
        answer = json.load(error)
        if error.code == 401 and not renewed and AUTH.refresh():
            return graphql(query, variables, renewed=True)
    if answer.get("errors"):
        raise GraphQLError(answer["errors"][0])
    return answer["data"]


def stream_once(path):
    """The JSON lines of an NDJSON stream, as they come; empty lines are keep-alives."""
    request = urllib.request.Request(URL + path, headers=headers())
    try:
        response = urllib.request.urlopen(request)
    except urllib.error.HTTPError as error:  # refused before the stream began: {"error": {"code", "message"}}
        refusal = json.load(error)["error"]
        raise GraphQLError({"message": refusal["message"], "extensions": {"code": refusal["code"]}}) from None
    with response:
        for raw in response:
            line = raw.strip()
            if not line:
                continue
            value = json.loads(line)
            if "error" in value:  # the last line when the token stopped working
                error = value["error"]
                raise GraphQLError({"message": error["message"], "extensions": {"code": error["code"]}})
            yield value


def stream(path):
    """A stream that outlives its token: when the token stops working (an app's expires within the hour), it is
    refreshed and the stream opened again (a game stream begins with the game as it is now)."""
    while True:
        try:
            yield from stream_once(path)
            return
        except GraphQLError as error:
            if error.code != "UNAUTHENTICATED" or not AUTH.refresh():
                raise


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
    global AUTH
    try:
        AUTH = auth_from_environment()
    except OAuthError as error:
        print("authorization failed:", error, file=sys.stderr)
        return 1
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
