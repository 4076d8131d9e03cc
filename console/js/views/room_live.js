// Following the server live: server-sent events (GET /api/live), or long polling
// (GET /api/live/poll) where EventSource is missing, is asked against ("?live=poll"), or keeps
// failing before it ever delivered anything (a proxy that buffers the stream).

const FAILURES_BEFORE_POLLING = 3;

// params: {competition, room?, list?}; channels: the events to follow ("room", "list",
// "standings"); onData(channel, payload); onState("live" | "polling" | "reconnecting").
// Returns a function that stops following.
export function follow(params, onData, onState, { mode = "sse", channels = ["room", "list"] } = {}) {
  const standings = channels.includes("standings") ? "true" : "false";
  const query = new URLSearchParams({ ...params, standings });
  let stopped = false;
  let source = null;
  let controller = null;

  function poll() {
    onState("polling");
    let since = null;
    const loop = async () => {
      while (!stopped) {
        controller = new AbortController();
        const url = `/api/live/poll?${query}${since === null ? "" : `&since=${since}&wait=25`}`;
        try {
          const response = await fetch(url, { credentials: "same-origin", signal: controller.signal });
          if (!response.ok) throw new Error(`HTTP ${response.status}`);
          const answer = await response.json();
          since = answer.position;
          for (const channel of answer.changed) onData(channel, answer[channel]);
          onState("polling");
        } catch {
          if (stopped) return;
          onState("reconnecting");
          await new Promise((resolve) => setTimeout(resolve, 3000));
        }
      }
    };
    loop();
  }

  function stream() {
    let delivered = false;
    let failures = 0;
    source = new EventSource(`/api/live?${query}`, { withCredentials: true });
    for (const channel of channels) {
      source.addEventListener(channel, (event) => {
        delivered = true;
        failures = 0;
        onState("live");
        onData(channel, JSON.parse(event.data));
      });
    }
    source.addEventListener("open", () => onState("live"));
    source.addEventListener("error", () => {
      if (stopped) return;
      failures += 1;
      if (!delivered && failures >= FAILURES_BEFORE_POLLING) {
        source.close();
        source = null;
        poll();
        return;
      }
      onState("reconnecting");
    });
  }

  if (mode === "poll" || typeof EventSource === "undefined") poll();
  else stream();
  return () => {
    stopped = true;
    if (source) source.close();
    if (controller) controller.abort();
  };
}
