# Makes sure what the tests need is installed and running: Chromium, PostgreSQL, Redis, RabbitMQ.
# Sourced by scripts/test.sh. Installs from Debian's packages when missing (needs root or sudo).

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else "$@"; fi; }

apt_install() {
  echo "installing $* from Debian's packages…"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "$@" >/tmp/forecourt-apt.log 2>&1 || {
    as_root apt-get update >>/tmp/forecourt-apt.log 2>&1
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "$@" >>/tmp/forecourt-apt.log 2>&1
  } || { echo "apt-get install $* failed; see /tmp/forecourt-apt.log"; return 1; }
}

ensure_chromium() {
  [ -x /usr/bin/chromium ] || apt_install chromium fonts-noto-cjk || return 1
  # Chromium installed without the CJK fonts draws the Chinese text of docs/screens as boxes, which no
  # test notices (they read the text from the page).
  fc-list :lang=zh 2>/dev/null | grep -q . || apt_install fonts-noto-cjk || return 1
  echo "chromium: $(/usr/bin/chromium --version 2>/dev/null)"
}

pg_up() { pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; }

ensure_postgres() {
  command -v pg_ctlcluster >/dev/null || apt_install postgresql || return 1
  if ! pg_up; then
    echo "starting PostgreSQL…"
    as_root pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | sort -V | tail -1)" main start || true
    for _ in $(seq 1 30); do pg_up && break; sleep 1; done
  fi
  pg_up || { echo "PostgreSQL is not answering on 127.0.0.1:5432"; return 1; }
  # Tests connect as postgres over TCP without a password (trust), as on the development machines.
  if ! psql -h 127.0.0.1 -U postgres -d postgres -tAc 'select 1' >/dev/null 2>&1; then
    echo "cannot connect as postgres@127.0.0.1 without a password; set TEST_DATABASE_URL"; return 1
  fi
  echo "postgresql: $(psql -h 127.0.0.1 -U postgres -d postgres -tAc 'show server_version')"
}

redis_up() { redis-cli -h 127.0.0.1 -p 6379 ping 2>/dev/null | grep -q PONG; }

ensure_redis() {
  command -v redis-server >/dev/null || apt_install redis-server || return 1
  if ! redis_up; then
    echo "starting Redis…"
    as_root mkdir -p /var/lib/redis /var/log/redis
    as_root redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
      --dir /var/lib/redis --logfile /var/log/redis/ci.log || true
    for _ in $(seq 1 20); do redis_up && break; sleep 0.5; done
  fi
  redis_up || { echo "Redis is not answering on 127.0.0.1:6379"; return 1; }
  echo "redis: $(redis-cli -h 127.0.0.1 info server | grep redis_version | tr -d '\r')"
}

rabbit_up() { (exec 3<>/dev/tcp/127.0.0.1/5672) 2>/dev/null; }

ensure_rabbitmq() {
  command -v rabbitmq-server >/dev/null || apt_install rabbitmq-server || return 1
  if ! rabbit_up; then
    echo "starting RabbitMQ…"
    # The start's output beside the test reports of this checkout.
    mkdir -p test-results
    as_root service rabbitmq-server start >test-results/rabbitmq-start.log 2>&1 ||
      as_root rabbitmq-server -detached >>test-results/rabbitmq-start.log 2>&1 || true
    for _ in $(seq 1 60); do rabbit_up && break; sleep 1; done
  fi
  rabbit_up || { echo "RabbitMQ is not answering on 127.0.0.1:5672"; return 1; }
  echo "rabbitmq: answering on 127.0.0.1:5672"
}
