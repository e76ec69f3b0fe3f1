# A local cluster on loopback for the scripts: a coordinator on an embedded
# SQLite database and one worker per core. Source it, then:
#   start_coordinator OUT_DIR   (exports JUDKINS_SERVER, JUDKINS_ADMIN_TOKEN; sets metrics_port, http_port)
#   start_workers OUT_DIR       (sets worker_metrics_ports: each worker's /metrics)
#   start_monitoring OUT_DIR    (Prometheus with dashboards/prometheus/rules.yml
#                                scraping them; sets prometheus_port)
# Everything started is stopped (SIGTERM) when the script exits.
bin="$PWD/build"
cluster_pids=()
stop_cluster() {
  for pid in "${cluster_pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
}
trap stop_cluster EXIT

start_coordinator() {
  local out=$1
  token() { head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n'; }
  token > "$out/worker.token"
  token > "$out/admin.token"
  chmod 600 "$out"/*.token
  "$bin/coordinator/judkins-coordinator" --data-dir "$out/coordinator" --listen 127.0.0.1:0 \
    --metrics-listen 127.0.0.1:0 --http-listen 127.0.0.1:0 --port-file "$out/ports" --lease-seconds 30 --batch-seconds 15 \
    --worker-token-file "$out/worker.token" --admin-token-file "$out/admin.token" 2> "$out/coordinator.log" &
  cluster_pids+=($!)
  for _ in $(seq 100); do [ -s "$out/ports" ] && break; sleep 0.1; done
  read -r grpc_port metrics_port http_port < "$out/ports"
  export JUDKINS_SERVER="127.0.0.1:$grpc_port"
  export JUDKINS_ADMIN_TOKEN="$(cat "$out/admin.token")"
}

# A loopback port nothing listens on now.
free_port() {
  local port
  while true; do
    port=$((20000 + RANDOM % 20000))
    (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null || { echo "$port"; return; }
  done
}

start_workers() {
  local out=$1
  worker_metrics_ports=()
  for n in $(seq "$(nproc)"); do
    worker_metrics_ports+=("$(free_port)")
    # Workers get no admin token: they need none, and what runs under them
    # (uploaded engines) must not find one.
    env -u JUDKINS_ADMIN_TOKEN "$bin/worker/judkins-worker" run --coordinator "$JUDKINS_SERVER" --token-file "$out/worker.token" \
      --concurrency 1 --cache "$out/worker-$n" --books books --name "worker-$n" \
      --speed-engine "$bin/engine/judkins-engine" --metrics-listen "127.0.0.1:${worker_metrics_ports[-1]}" \
      2> "$out/worker-$n.log" &
    cluster_pids+=($!)
  done
}

start_monitoring() {
  local out=$1 targets=""
  for port in "${worker_metrics_ports[@]}"; do targets+="'127.0.0.1:$port', "; done
  mkdir -p "$out/prometheus"
  cp dashboards/prometheus/rules.yml "$out/prometheus/rules.yml"
  cat > "$out/prometheus/prometheus.yml" <<CONFIG
global:
  scrape_interval: 5s
  evaluation_interval: 5s
rule_files: [rules.yml]
scrape_configs:
  - job_name: judkins-coordinator
    static_configs:
      - targets: ['127.0.0.1:$metrics_port']
  - job_name: judkins-worker
    static_configs:
      - targets: [${targets%, }]
CONFIG
  prometheus_port=$(free_port)
  prometheus --config.file="$out/prometheus/prometheus.yml" --storage.tsdb.path="$out/prometheus/data" \
    --web.listen-address="127.0.0.1:$prometheus_port" 2> "$out/prometheus.log" &
  cluster_pids+=($!)
}
