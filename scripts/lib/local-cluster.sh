# A local cluster on loopback for the scripts: a coordinator on an embedded
# SQLite database and one worker per core. Source it, then:
#   start_coordinator OUT_DIR   (exports JUDKINS_SERVER, JUDKINS_ADMIN_TOKEN; sets metrics_port)
#   start_workers OUT_DIR
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
    --metrics-listen 127.0.0.1:0 --port-file "$out/ports" --lease-seconds 30 --batch-seconds 15 \
    --worker-token-file "$out/worker.token" --admin-token-file "$out/admin.token" 2> "$out/coordinator.log" &
  cluster_pids+=($!)
  for _ in $(seq 100); do [ -s "$out/ports" ] && break; sleep 0.1; done
  read -r grpc_port metrics_port < "$out/ports"
  export JUDKINS_SERVER="127.0.0.1:$grpc_port"
  export JUDKINS_ADMIN_TOKEN="$(cat "$out/admin.token")"
}

start_workers() {
  local out=$1
  for n in $(seq "$(nproc)"); do
    # Workers get no admin token: they need none, and what runs under them
    # (uploaded engines) must not find one.
    env -u JUDKINS_ADMIN_TOKEN "$bin/worker/judkins-worker" run --coordinator "$JUDKINS_SERVER" --token-file "$out/worker.token" \
      --concurrency 1 --cache "$out/worker-$n" --books books --name "worker-$n" \
      --speed-engine "$bin/engine/judkins-engine" 2> "$out/worker-$n.log" &
    cluster_pids+=($!)
  done
}
