import { test } from "node:test";
import assert from "node:assert/strict";
import { pathOf, queryOf, router } from "../../console/js/router.js";

test("console routes match whole paths and decode their parameters", () => {
  const find = router([["/c/:cid", "comp"], ["/c/:cid/e/:n", "evening"]]);
  assert.deepEqual(find("/c/a%20b"), { view: "comp", params: { cid: "a b" }, pattern: "/c/:cid" });
  assert.equal(find("/c/x/e/2").view, "evening");
  assert.equal(find("/c/x/e/2/more"), null);
  assert.equal(pathOf(""), "/");
  assert.equal(pathOf("#/c/1?list=x"), "/c/1");
  assert.deepEqual(queryOf("#/c/1?list=x&n=2"), { list: "x", n: "2" });
});
