#!/usr/bin/env bash
# The restore drill: puts a game into a fresh database, backs the database up as README's "Backups" says, restores
# the backup into another database and checks the game is there, whole (the same rows, and its stored state is what
# replaying its action log from its seed gives). SQLite always; PostgreSQL too when the server's programs exist.
# Everything happens in a temporary folder (and a private server on 127.0.0.1), removed at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-venv.sh test >/dev/null  # psycopg comes with the test extra
python=$PWD/.venv/bin/python
work=$(mktemp -d "${TMPDIR:-/tmp}/bangbot-drill.XXXXXX")
server=""
cleanup() {
    if [ -n "$server" ]; then as_postgres "$pgbin/pg_ctl" -D "$work/pg/data" -m immediate -w stop >/dev/null 2>&1 || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

play() {  # plays a few moves of a terminal game kept in the database $1, then stops (the game stays, running)
    for _ in $(seq 40); do echo 1; echo 0; done | "$python" -m bangbot --db "$1" --players 4 --seed 3 --name Drill >/dev/null
}

fingerprint() {  # prints each game's id, status, version, state digest and action count; fails if a game is not whole
    "$python" - "$1" <<'EOF'
import hashlib, json, sys
from bangbot.messaging.records.outcome import replay_game
from bangbot.rulesets import ruleset
from bangbot.storage.db import open_engine
from bangbot.storage.models import Game
from bangbot.storage.repository import Repository
from sqlmodel import Session, select

engine = open_engine(sys.argv[1])
repo = Repository(engine)
with Session(engine) as session:
    games = session.exec(select(Game).order_by(Game.id)).all()
if not games:
    sys.exit("no game in the database")
for game in games:
    assert game.id is not None and game.state_json is not None
    actions = repo.actions(game.id)
    replayed = replay_game(game, repo.seats(game.id), actions)
    if ruleset(game.ruleset).to_json(replayed.state) != json.loads(game.state_json):
        sys.exit(f"game {game.id}: its state is not what its action log replays to")
    digest = hashlib.sha256(game.state_json.encode()).hexdigest()[:16]
    print(game.id, game.status, game.version, digest, len(actions))
repo.close()
engine.dispose()
EOF
}

same() {  # compares two fingerprints, saying what was checked
    if [ "$2" != "$3" ]; then
        echo "restore drill ($1): the restored database differs: before [$2], after [$3]" >&2
        exit 1
    fi
    echo "restore drill ($1): the game is back: $3"
}

# SQLite: sqlite3's online .backup, then .restore into a new file.
db=$work/bangbot.sqlite3
play "sqlite:///$db"
before=$(fingerprint "sqlite:///$db")
sqlite3 "$db" ".backup '$work/backup.sqlite3'"
sqlite3 "$work/restored.sqlite3" ".restore '$work/backup.sqlite3'"
same sqlite "$before" "$(fingerprint "sqlite:///$work/restored.sqlite3")"

# PostgreSQL: pg_dump's custom format, then pg_restore into a new database.
initdb=$( (ls /usr/lib/postgresql/*/bin/initdb 2>/dev/null || command -v initdb || true) | sort -V | tail -1)
if [ -z "$initdb" ]; then
    echo "restore drill (postgresql): skipped, the PostgreSQL server programs are not installed"
    exit 0
fi
pgbin=$(dirname "$initdb")
as_postgres() {  # PostgreSQL's server programs refuse to run as root
    if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
mkdir "$work/pg"
if [ "$(id -u)" = 0 ]; then chown postgres "$work" "$work/pg"; fi
port=$("$python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
as_postgres "$pgbin/initdb" -D "$work/pg/data" -U postgres --auth=trust --no-sync >/dev/null
as_postgres "$pgbin/pg_ctl" -D "$work/pg/data" -l "$work/pg/log" -w \
    -o "-p $port -k $work/pg -c listen_addresses=127.0.0.1" start >/dev/null
server=started
connect=(-h 127.0.0.1 -p "$port" -U postgres)
"$pgbin/createdb" "${connect[@]}" bangbot
"$pgbin/createdb" "${connect[@]}" restored
url=postgresql+psycopg://postgres@127.0.0.1:$port
play "$url/bangbot"
before=$(fingerprint "$url/bangbot")
"$pgbin/pg_dump" "${connect[@]}" --format=custom --file="$work/bangbot.dump" bangbot
"$pgbin/pg_restore" "${connect[@]}" --dbname=restored --no-owner "$work/bangbot.dump"
same postgresql "$before" "$(fingerprint "$url/restored")"
