// Score a batch of deal records with the table app's rules port, for tests/rules/parity.py.
// Each input line is {"record": ..., "rules": null | "id@version" | {id, base, options}};
// each output line is the port's result, {"error": {field, message}} for a refusal, or
// {"crash": "..."} when the port failed in another way (always a bug).
import { createInterface } from "node:readline";
import { RecordError, scoreRecord } from "../../pwa/js/rules/index.js";

function scoreLine(line) {
  let input;
  try {
    input = JSON.parse(line);
  } catch (exc) {
    return { error: { field: "record", message: `is not JSON: ${exc.message}` } };
  }
  try {
    return scoreRecord(input.record, input.rules ?? null);
  } catch (exc) {
    if (exc instanceof RecordError) return { error: { field: exc.field, message: exc.detail } };
    return { crash: String(exc && exc.stack ? exc.stack : exc) };
  }
}

const out = [];
for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  if (line.trim()) out.push(JSON.stringify(scoreLine(line)));
}
process.stdout.write(out.length ? `${out.join("\n")}\n` : "");
