/**
 * Node flags the browser shell's process is started with (package.json `start` and `shell`, and
 * the benchmarks' studio child). They are V8 options: they must be on the command line, as V8 has
 * set up its heap before any of our code runs (setting this one at run time crashed Node 20).
 *
 * `--single-threaded-gc`: the host does its garbage collection on its own thread. By default V8
 * runs parts of every collection on helper threads in parallel, waiting for them all; on a 2-core
 * machine, where the page renders on the other core, those helpers wait for a core, and the
 * host, which streams replies CPU-bound, waits for them. Streaming a 20,000-token reply rendered
 * in the Chat tab against the same stream not rendered (bench/stream.ts), the ratio went from
 * 0.72 to 0.80 (medians of 9 runs of the benchmark each, alternating), the first delta coming
 * sooner after the send. A host that is not streaming allocates little, so the longer pauses of
 * one thread do not show.
 */
export const SHELL_NODE_FLAGS = ['--single-threaded-gc'] as const;

/**
 * Environment the browser shell's process must start with: glibc reads its allocator settings once,
 * as the process starts. By default glibc gives each thread that contends for `malloc` an arena of
 * its own (up to 8 per core), and memory freed in one is kept for that thread's reuse. The host
 * decodes and scales pictures on libuv's worker threads (sharp), in buffers of megabytes, and
 * those arenas kept what each thread had once needed: over a day's work (bench/day.ts) the shell's
 * resident set grew by 72 MB, with two arenas by 21 MB, the JS heap the same
 * (docs/performance-findings.md, "Host memory"). Ignored off glibc.
 */
export const SHELL_ENV: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: '2' };
