#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_db_pg.sh: `iosweep db` on a real PostgreSQL server this test starts
# (initdb and pg_ctl from Debian's postgresql, a temporary cluster run by
# user nobody, listening on a Unix socket in the test's folder only, no
# TCP; stopped by its pid at exit).  The same runs in SQLite and in
# PostgreSQL give the same rank answer; add twice adds once; the export
# is byte for byte; two adds at once both land; a wrong password, a
# newer schema and a read-only database are refused with nothing changed;
# without libpq a sweep and SQLite work and PostgreSQL is refused by name.
. "$(dirname "$0")/lib.sh"

I="$FIXTURES/iozone"
[ -f "$I/01_a_n64k_g8m_i0_i1.txt" ] || skip "no fixtures in $FIXTURES"
PGBIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$PGBIN" ] && [ -x "$PGBIN/initdb" ] || skip "no PostgreSQL server (Debian: postgresql)"
command -v psql >/dev/null || skip "no psql (Debian: postgresql-client)"
[ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null ||
	skip "needs root and setpriv to run the server as user nobody"
"$IOSWEEP" db list --db "postgresql:///x?host=$T/none" 2>"$T/probe.err"
grep -q 'built without PostgreSQL' "$T/probe.err" && skip "$(cat "$T/probe.err")"
unset IOSWEEP_DB PGHOST PGPORT PGUSER PGDATABASE PGPASSWORD

P="$T/pg"
PGPID=""
stop_pg() {
	if [ -n "$PGPID" ] && kill -0 "$PGPID" 2>/dev/null; then
		kill -INT "$PGPID"   # fast shutdown
		i=0; while kill -0 "$PGPID" 2>/dev/null && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
		kill -0 "$PGPID" 2>/dev/null && kill -9 "$PGPID"
	fi
}
trap 'stop_pg; e2e_drop_T' EXIT
nob() { setpriv --reuid=nobody --regid=nogroup --clear-groups "$@"; }

chmod 755 "$T"
mkdir -p "$P/sock" && echo secret > "$P/pw" && chown -R nobody:nogroup "$P"
nob "$PGBIN/initdb" -D "$P/data" -U iosweep --auth-local=scram-sha-256 --auth-host=reject \
	--pwfile="$P/pw" -E UTF8 --no-sync > "$P/initdb.log" 2>&1 ||
	{ fail "initdb failed"; cat "$P/initdb.log"; finish; }
nob "$PGBIN/pg_ctl" -D "$P/data" -l "$P/server.log" -w -t 60 \
	-o "-k $P/sock -c listen_addresses='' -p 5432 -c fsync=off" start > /dev/null 2>&1 ||
	{ fail "the server did not start"; cat "$P/server.log"; finish; }
PGPID=$(head -n 1 "$P/data/postmaster.pid")
URL="postgresql://iosweep:secret@/postgres?host=$P/sock&port=5432"
sql() { PGPASSWORD=secret psql -X -q -t -A -h "$P/sock" -p 5432 -U iosweep -d "$1" -c "$2"; }
sql postgres "CREATE DATABASE lib2" && sql postgres "CREATE DATABASE ro"
URL2="postgresql://iosweep:secret@/lib2?host=$P/sock&port=5432"

# 1. the same runs in both; add twice adds once
expect_success "$IOSWEEP" -a -n 64k -g 256k -i 0 -i 1 --trials 3 --label boxA --out "$T/run1"
for db in "$URL" "$T/lib.db"; do
	expect_success "$IOSWEEP" db add --db "$db" "$T/run1" "$I/01_a_n64k_g8m_i0_i1.txt" \
		"$I/02_a_n64k_g4m_alltests.txt" "$I/05_t2_s8m_r64k_i0_i1_F.txt"
	check test "$(grep -c 'added as run' "$T/out")" -eq 4
	expect_success "$IOSWEEP" db add --db "$db" "$T/run1"
	check grep -q 'already in the database as run 1' "$T/out"
done
check test "$(sql postgres 'SELECT count(*) FROM runs')" -eq 4
check test "$(sql postgres 'SELECT value FROM iosweep_meta')" -eq 3
# the URL's password never shows
expect_success "$IOSWEEP" db list --db "$URL"
check grep -q ' boxA ' "$T/out"

# 2. one rank query, two answers, equal to the digit (the CSV files)
for q in "read 256k 64k" "write 128k 4k" "read 256k" "reread 64k 64k"; do
	set -- $q
	expect_success "$IOSWEEP" db rank --db "$URL" --test "$1" --file-size "$2" \
		${3:+--record "$3"} --highlight boxA --csv "$T/pg.csv" --overwrite
	expect_success "$IOSWEEP" db rank --db "$T/lib.db" --test "$1" --file-size "$2" \
		${3:+--record "$3"} --highlight boxA --csv "$T/sq.csv" --overwrite
	check test "$(wc -l < "$T/pg.csv")" -ge 3
	check cmp "$T/pg.csv" "$T/sq.csv"
done
check grep -q ',boxA,.*,3,.*,1$' "$T/pg.csv"

# 3. export through bytea: byte for byte
expect_success "$IOSWEEP" db export --db "$URL" boxA --out "$T/exp1"
check diff -r "$T/run1" "$T/exp1"
expect_success "$IOSWEEP" db export --db "$URL" 01_a_n64k_g8m_i0_i1 --out "$T/exp2"
check cmp "$I/01_a_n64k_g8m_i0_i1.txt" "$T/exp2/01_a_n64k_g8m_i0_i1.txt"
expect_success "$IOSWEEP" db tag --db "$URL" boxA ssd
expect_success "$IOSWEEP" db list --db "$URL" --tag ssd
check test "$(grep -c '^ *[0-9]' "$T/out")" -eq 1
expect_success "$IOSWEEP" db rm --db "$URL" 2 --yes
check test "$(sql postgres 'SELECT count(*) FROM samples WHERE run_id = 2')" -eq 0

# 4. two adds at once into an empty database: the schema made once, both land
sh "$TOP/scripts/db-synth-folder" "$T/syn1" 2000 3 synA 1
sh "$TOP/scripts/db-synth-folder" "$T/syn2" 2000 3 synB 2
"$IOSWEEP" db add --db "$URL2" "$T/syn1" >"$T/a1.out" 2>&1 & p1=$!
"$IOSWEEP" db add --db "$URL2" "$T/syn2" >"$T/a2.out" 2>&1 & p2=$!
wait $p1; r1=$?; wait $p2; r2=$?
check test "$r1" -eq 0
check test "$r2" -eq 0
cat "$T/a1.out" "$T/a2.out" | grep -v 'added as run' | sed 's/^/  /'
check test "$(sql lib2 'SELECT count(*) FROM samples')" -eq 24000

# 5. refused with nothing changed: a wrong password, a newer schema, read-only
before=$(sql postgres 'SELECT count(*) FROM runs')
expect_failure 4 "$IOSWEEP" db add --db "postgresql://iosweep:wrong@/postgres?host=$P/sock&port=5432" "$T/syn1"
check one_line_error
check grep -q "database 'postgresql://iosweep@/postgres.*password authentication failed" "$T/err"
check test "$(grep -c wrong "$T/err")" -eq 0
sql lib2 "UPDATE iosweep_meta SET value = '7'"
expect_failure 4 "$IOSWEEP" db add --db "$URL2" "$T/run1"
check one_line_error
check grep -q "has schema 7, newer than" "$T/err"
check test "$(sql lib2 'SELECT count(*) FROM runs')" -eq 2
expect_success "$IOSWEEP" db add --db "postgresql://iosweep:secret@/ro?host=$P/sock&port=5432" "$T/run1"
sql postgres "ALTER DATABASE ro SET default_transaction_read_only = on"
expect_failure 4 "$IOSWEEP" db add --db "postgresql://iosweep:secret@/ro?host=$P/sock&port=5432" "$I/01_a_n64k_g8m_i0_i1.txt"
check one_line_error
check grep -q "is read-only" "$T/err"
check test "$(sql ro 'SELECT count(*) FROM runs')" -eq 1
check test "$(sql postgres 'SELECT count(*) FROM runs')" -eq "$before"

# 6. libpq is loaded only when a postgresql:// database is opened: with
# every copy of it hidden (bound over by /dev/null in a mount namespace of
# this command's own), a sweep and SQLite still work, and PostgreSQL is
# refused in one line naming libpq
libs=$(ldconfig -p 2>/dev/null | awk '/libpq\.so\.5 / { print $NF }')
if [ -n "$libs" ] && command -v unshare >/dev/null && unshare -m true 2>/dev/null; then
	real=$(for l in $libs; do readlink -f "$l"; done | sort -u | tr '\n' ' ')
	printf 'for f in %s; do mount --bind /dev/null "$f" || exit 99; done\nexec "$@"\n' \
		"$real" > "$T/nolibpq.sh"
	expect_success unshare -m sh "$T/nolibpq.sh" "$IOSWEEP" -s 64k -r 4k -i 0 -i 1 --out "$T/nolibpq"
	expect_success unshare -m sh "$T/nolibpq.sh" "$IOSWEEP" db add --db "$T/nolibpq.db" "$T/nolibpq"
	expect_failure 4 unshare -m sh "$T/nolibpq.sh" "$IOSWEEP" db add --db "$URL" "$T/nolibpq"
	check one_line_error
	check grep -q "PostgreSQL needs libpq, which is not installed or cannot be loaded" "$T/err"
	check test "$(sql postgres 'SELECT count(*) FROM runs')" -eq "$before"
	check test -z "$(grep libpq /proc/mounts)"
else
	echo "note: the run without libpq left out (needs ldconfig, unshare -m and root)"
fi

stop_pg
check test "$(kill -0 "$PGPID" 2>/dev/null && echo up || echo down)" = down
finish
