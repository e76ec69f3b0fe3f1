#!/usr/bin/env python3
"""Writes the Grafana dashboards (*.json beside this file) from one
description, so that every panel has a description, a unit, and its queries
use the datasource and job variables. Run after changing a panel:

    python3 dashboards/grafana/generate.py

The JSON targets Grafana 10 and 11 (schemaVersion 39). The suite checks the
JSON's structure (tests/integration/dashboards_test.cc) and, against a live
Prometheus scraping a real cluster, that every query returns data
(tests/integration/monitoring_test.cc).
"""
import json
import os

SCHEMA_VERSION = 39
DATASOURCE = {"type": "prometheus", "uid": "${datasource}"}
COORDINATOR = 'job=~"$coordinator_job"'
WORKER = 'job=~"$worker_job"'


def variables(extra=()):
    found = [
        {"name": "datasource", "type": "datasource", "query": "prometheus", "label": "Data source",
         "current": {}, "hide": 0},
        {"name": "coordinator_job", "type": "query", "label": "Coordinator job", "datasource": DATASOURCE,
         "query": {"query": "label_values(judkins_build_info{program=\"judkins-coordinator\"}, job)",
                   "refId": "coordinator_job"},
         "definition": "label_values(judkins_build_info{program=\"judkins-coordinator\"}, job)",
         "refresh": 2, "current": {}, "hide": 0, "includeAll": False, "multi": False},
        {"name": "worker_job", "type": "query", "label": "Worker job", "datasource": DATASOURCE,
         "query": {"query": "label_values(judkins_build_info{program=\"judkins-worker\"}, job)",
                   "refId": "worker_job"},
         "definition": "label_values(judkins_build_info{program=\"judkins-worker\"}, job)",
         "refresh": 2, "current": {}, "hide": 0, "includeAll": False, "multi": False},
    ]
    for name, label, query in extra:
        found.append({"name": name, "type": "query", "label": label, "datasource": DATASOURCE,
                      "query": {"query": query, "refId": name}, "definition": query,
                      "refresh": 2, "current": {}, "hide": 0, "includeAll": name != "test", "multi": name != "test"})
    return {"list": found}


class Board:
    def __init__(self, uid, title, description, extra_variables=()):
        self.uid, self.title, self.description = uid, title, description
        self.extra_variables = extra_variables
        self.panels, self.x, self.y, self.row_height = [], 0, 0, 0

    def panel(self, title, description, unit, queries, kind="timeseries", width=12, height=8):
        if self.x + width > 24:
            self.x, self.y = 0, self.y + self.row_height
            self.row_height = 0
        targets = [{"datasource": DATASOURCE, "expr": expr, "legendFormat": legend, "refId": chr(ord("A") + i)}
                   for i, (expr, legend) in enumerate(queries)]
        self.panels.append({
            "id": len(self.panels) + 1, "type": kind, "title": title, "description": description,
            "datasource": DATASOURCE, "gridPos": {"x": self.x, "y": self.y, "w": width, "h": height},
            "fieldConfig": {"defaults": {"unit": unit}, "overrides": []},
            "options": {}, "targets": targets})
        self.x += width
        self.row_height = max(self.row_height, height)

    def write(self, directory):
        board = {
            "uid": self.uid, "title": self.title, "description": self.description,
            "tags": ["judkins"], "timezone": "", "editable": True, "schemaVersion": SCHEMA_VERSION,
            "version": 1, "refresh": "30s", "time": {"from": "now-6h", "to": "now"},
            "templating": variables(self.extra_variables), "annotations": {"list": []},
            "links": [{"title": "Judkins dashboards", "type": "dashboards", "tags": ["judkins"], "asDropdown": True}],
            "panels": self.panels}
        with open(os.path.join(directory, self.uid.replace("judkins-", "") + ".json"), "w") as out:
            json.dump(board, out, indent=2)
            out.write("\n")


def cluster():
    b = Board("judkins-cluster", "Judkins: cluster overview",
              "The coordinator and its workers at a glance: who is connected, how fast games are counted, "
              "how the batches fare, how fast the coordinator answers and commits.")
    b.panel("Workers connected", "Workers heard from within the lease time.", "short",
            [(f"judkins_workers_connected{{{COORDINATOR}}}", "workers")], kind="stat", width=6, height=4)
    b.panel("Cores", "Games the connected workers play at once (the sum of their concurrency).", "short",
            [(f"judkins_worker_cores_connected{{{COORDINATOR}}}", "cores")], kind="stat", width=6, height=4)
    b.panel("Games per minute", "Counted games per minute over 5 minutes, all tests.", "short",
            [("judkins:games_per_minute:rate5m", "games/min")], kind="stat", width=6, height=4)
    b.panel("Tests running", "Tests by state: pending ones wait for their first game.", "short",
            [(f"judkins_tests{{{COORDINATOR}, state=~\"running|pending\"}}", "{{state}}")],
            kind="stat", width=6, height=4)
    b.panel("Games by variant", "Games counted in every test, summed by the variant the tests play (judkins, "
            "shogi, minishogi).", "short",
            [(f"sum by (variant) (judkins_test_games{{{COORDINATOR}}})", "{{variant}}")])
    b.panel("Batches", "Batches leased, reported, expired (their pairs re-issued) and handed back (a stopping "
            "worker returned unplayed pairs), per second.", "ops",
            [(f"sum by (event) (rate(judkins_batches_total{{{COORDINATOR}}}[5m]))", "{{event}}")])
    b.panel("RPC rate", "Calls per second by method.", "reqps",
            [(f"sum by (method) (rate(judkins_rpc_latency_seconds_count{{{COORDINATOR}}}[5m]))", "{{method}}")])
    b.panel("RPC latency", "Handling time by method, median and 99th percentile over 5 minutes.", "s",
            [("judkins:rpc_latency_seconds:p50", "p50 {{method}}"), ("judkins:rpc_latency_seconds:p99", "p99 {{method}}")])
    b.panel("Store commit latency", "Time to commit a report durably (group commit, one fsync), 99th percentile.",
            "s", [("judkins:store_commit_seconds:p99", "p99")])
    b.panel("Store checkpoints", "Copies of the write-ahead log into the database file per second, by kind: bulk "
            "copies off the commit path, the writer's short catch-ups, restarts past the log's bound, ones that "
            "found another running, and failures.", "ops",
            [(f"sum by (kind) (rate(judkins_store_checkpoints_total{{{COORDINATOR}}}[5m]))", "{{kind}}")])
    b.panel("Write-ahead log", "The store's log length in pages (4 KiB each) at the last commit: it starts over "
            "after each checkpoint, and stays under 10,000 pages unless checkpoints fail.", "short",
            [(f"judkins_store_wal_pages{{{COORDINATOR}}}", "pages")])
    b.panel("Lease age at report", "How long batches were leased when their report arrived, median and 99th "
            "percentile: near --batch-seconds when workers are sized right.", "s",
            [(f"histogram_quantile(0.5, sum by (le) (rate(judkins_batch_lease_age_seconds_bucket{{{COORDINATOR}}}[15m])))", "p50"),
             (f"histogram_quantile(0.99, sum by (le) (rate(judkins_batch_lease_age_seconds_bucket{{{COORDINATOR}}}[15m])))", "p99")])
    b.panel("Errors", "Engine crashes and time losses in counted games, spooled reports that could not be read "
            "or written, per second.", "ops",
            [(f"sum(rate(judkins_engine_crashes_total{{{COORDINATOR}}}[5m]))", "engine crashes"),
             (f"sum(rate(judkins_time_losses_total{{{COORDINATOR}}}[5m]))", "time losses"),
             (f"sum(rate(judkins_worker_spool_unreadable_reports_total{{{WORKER}}}[5m]))", "unreadable spool files"),
             (f"sum(rate(judkins_worker_spool_write_failures_total{{{WORKER}}}[5m]))", "spool write failures")])
    b.panel("Data directory free", "Free share of the file system under each daemon's data directory.",
            "percentunit", [("judkins:data_dir_free_ratio", "{{instance}} {{dir}}")])
    b.panel("Memory", "Resident memory of each daemon.", "bytes",
            [("process_resident_memory_bytes{job=~\"$coordinator_job|$worker_job\"}", "{{instance}}")])
    return b


def test():
    b = Board("judkins-test", "Judkins: test",
              "One test, chosen above: its games, results, Elo and LLR over time, its engines' failures, "
              "and its pairs in flight and waiting.",
              [("variant", "Variant", "label_values(judkins_test_games, variant)"),
               ("test", "Test", 'label_values(judkins_test_games{variant=~"$variant"}, test)')])
    t = 'test="$test"'
    b.panel("Games", "Games counted in the test.", "short",
            [(f"judkins_test_games{{{COORDINATOR}, {t}}}", "games")], kind="stat", width=8, height=4)
    b.panel("W-D-L", "Counted games by result, from the dev engine's side.", "short",
            [(f"sum by (result) (judkins_games_reported_total{{{COORDINATOR}, {t}}})", "{{result}}")],
            kind="stat", width=8, height=4)
    b.panel("Games per second", "Counted games per second over 5 minutes.", "short",
            [(f"judkins:test_games_per_second:rate5m{{{t}}}", "games/s")], kind="stat", width=8, height=4)
    b.panel("Elo", "Logistic Elo of dev against base with its 95% interval.", "short",
            [(f"judkins_test_elo{{{COORDINATOR}, {t}}}", "{{bound}}")])
    b.panel("LLR", "The SPRT's log-likelihood ratio between its bounds: it ends the test at either.", "short",
            [(f"judkins_test_llr{{{COORDINATOR}, {t}}}", "{{bound}}")])
    b.panel("Crashes and time losses", "Counted games lost by an engine crash or on time, per second, by worker.",
            "ops",
            [(f"sum by (worker) (rate(judkins_engine_crashes_total{{{COORDINATOR}, {t}}}[5m]))", "crashes, worker {{worker}}"),
             (f"sum by (worker) (rate(judkins_time_losses_total{{{COORDINATOR}, {t}}}[5m]))", "time losses, worker {{worker}}")])
    b.panel("Pairs in flight and waiting", "Pairs leased to workers, and pairs not yet leased (re-issue queue and "
            "what the test's count has not handed out).", "short",
            [(f"judkins_test_pairs{{{COORDINATOR}, {t}}}", "{{stage}}")])
    return b


def workers():
    b = Board("judkins-workers", "Judkins: workers",
              "Each worker: how fast it plays, its engines' search speed, their failures, its report spool "
              "and when it last delivered.",
              [("instance", "Worker", "label_values(judkins_worker_games_total, instance)")])
    w = f'{WORKER}, instance=~"$instance"'
    b.panel("Games per second", "Games finished per second over 5 minutes.", "short",
            [('judkins:worker_games_per_second:rate5m{instance=~"$instance"}', "{{instance}}")])
    b.panel("Engine nodes per second", "The engines' nodes over their thinking time during games, by test.",
            "short", [('judkins:worker_engine_nodes_per_second:rate5m{instance=~"$instance"}', "{{instance}} test {{test}}")])
    b.panel("Crash and time-loss rates", "Share of the worker's games lost by a crash or on time, over 15 minutes.",
            "percentunit",
            [('judkins:worker_crash_ratio:rate15m{instance=~"$instance"}', "crashes {{instance}}"),
             ('judkins:worker_time_loss_ratio:rate15m{instance=~"$instance"}', "time losses {{instance}}")])
    b.panel("Spool depth", "Reports written to the spool and not yet acknowledged by the coordinator.", "short",
            [(f"judkins_worker_spool_reports{{{w}}}", "{{instance}}")])
    b.panel("Last report age", "Time since the coordinator last acknowledged a report of the worker.", "s",
            [(f"time() - judkins_worker_last_report_timestamp_seconds{{{w}}}", "{{instance}}")])
    b.panel("Game length", "Median and 90th percentile of game length in plies.", "short",
            [(f"histogram_quantile(0.5, sum by (le) (rate(judkins_worker_game_plies_bucket{{{w}}}[15m])))", "p50"),
             (f"histogram_quantile(0.9, sum by (le) (rate(judkins_worker_game_plies_bucket{{{w}}}[15m])))", "p90")])
    b.panel("Benchmark speed", "judkins-engine bench nodes per second, measured when the worker started.", "short",
            [(f"judkins_worker_bench_nps{{{w}}}", "{{instance}}")])
    b.panel("Batch duration", "Median time to play a batch.", "s",
            [(f"histogram_quantile(0.5, sum by (le, instance) (rate(judkins_worker_batch_seconds_bucket{{{w}}}[30m])))", "{{instance}}")])
    return b


def tuning():
    b = Board("judkins-tuning", "Judkins: tuning",
              "SPSA tunes: theta of every parameter over time and the iterations played.",
              [("test", "Tune", "label_values(judkins_tune_theta, test)")])
    t = 'test="$test"'
    b.panel("Theta", "Each parameter's current value (theta) as the tune moves it.", "short",
            [(f"judkins_tune_theta{{{COORDINATOR}, {t}}}", "{{parameter}}")], width=24, height=10)
    b.panel("Iterations", "Game pairs counted: one SPSA iteration each.", "short",
            [(f"judkins_tune_iterations{{{COORDINATOR}, {t}}}", "iterations")])
    b.panel("Iterations per minute", "Pairs counted per minute over 5 minutes.", "short",
            [(f"rate(judkins_tune_iterations{{{COORDINATOR}, {t}}}[5m]) * 60", "iterations/min")])
    return b


if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    for board in (cluster(), test(), workers(), tuning()):
        board.write(here)
