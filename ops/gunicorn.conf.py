"""gunicorn for Troef: several web processes on one instance, live streams without a thread each.

    TROEF_INSTANCE=/var/lib/troef/instance gunicorn -c ops/gunicorn.conf.py

Run ``troef migrate`` first (ops/systemd/troef-migrate.service does), and the read-model
worker beside the web processes (``troef projections follow``, ops/systemd/troef-worker.service):
the web processes then keep no catch-up thread of their own.

The worker class is gevent: a live stream (server-sent events at /api/live) waits in a
greenlet, not in an OS thread, so one process holds hundreds of viewers; with gthread (or
waitress) each open stream holds one of a fixed number of threads, and viewers beyond it wait.
Measured in docs/reliability.md (``python -m bench.streams``).
"""

import os

bind = os.environ.get("TROEF_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("TROEF_WEB_PROCESSES", "2"))
worker_class = "gevent"
worker_connections = int(os.environ.get("TROEF_CONNECTIONS", "1000"))  # per process
wsgi_app = 'backend.api:create_app({"TROEF_WORKER": False})'
timeout = 60  # a worker silent this long is restarted (streams send a heartbeat every 15 s)
graceful_timeout = 30
keepalive = 5
max_requests = 0  # never recycle a process in the middle of an evening
forwarded_allow_ips = "127.0.0.1"  # Caddy on the same machine
accesslog = "-"
