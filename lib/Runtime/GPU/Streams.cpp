//===- Streams.cpp - Streams, events, graphs and the exit check -*- C++ -*-===//
//
// Launches are asynchronous and ordered per host thread (§6.7): each thread
// has its own in-order stream (Driver.cpp, created on first use with
// CU_STREAM_NON_BLOCKING, so it never waits for the legacy default stream),
// and generated code launches on it (neve_gpu_stream). neve_gpu_sync waits
// for it and reports a kernel fault naming the thread's last launch.
//
// Also here: upstream's stream and event entry points (mgpuStream*,
// mgpuEvent*), timing events, CUDA graphs captured from the thread's
// stream, and neve_gpu_at_exit, which main calls after the program: when
// the program used the GPU it waits for the device, so that a kernel that
// faulted after the program's last synchronisation still fails the run.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"
#include "Memory.h"

#include "neve/Runtime/neve_runtime.h"

#include <atomic>
#include <cstdlib>
#include <cstring>

using namespace neve_gpu;

namespace {

std::atomic<int> activeCaptures{0};
thread_local bool capturingGraph = false;

CUstream streamOf(void *stream) {
  return stream ? static_cast<CUstream>(stream) : threadStream();
}

void refuseWhileCapturing(const char *what) {
  if (capturingGraph)
    fatal(errorSite(), std::string(what) +
                           " waits for the GPU, which is not allowed while "
                           "the thread captures a CUDA graph "
                           "(neve_gpu_graph_begin ... neve_gpu_graph_end)");
}

} // namespace

namespace neve_gpu {

bool threadCapturing() { return capturingGraph; }

bool anyCapture() { return activeCaptures.load() > 0; }

} // namespace neve_gpu

//===----------------------------------------------------------------------===//
// The thread's stream
//===----------------------------------------------------------------------===//

extern "C" void *neve_gpu_stream(void) { return threadStream(); }

extern "C" void neve_gpu_sync(void) {
  refuseWhileCapturing("neve_gpu_sync");
  CUstream s = threadStream();
  checkAsync(api().cuStreamSynchronize(s),
             "synchronising the thread's GPU stream");
  streamIdle(s);
}

//===----------------------------------------------------------------------===//
// Upstream's stream and event entry points
//===----------------------------------------------------------------------===//

extern "C" void *mgpuStreamCreate(void) {
  CUstream s = nullptr;
  check(api().cuStreamCreate(&s, CU_STREAM_NON_BLOCKING),
        "creating a GPU stream");
  return s;
}

extern "C" void mgpuStreamDestroy(void *stream) {
  // The thread's own stream lives as long as the thread.
  if (!stream || stream == threadStream())
    return;
  auto *s = static_cast<CUstream>(stream);
  const DriverApi &d = api();
  // The allocator may hold blocks freed on it: once it is idle they serve
  // any stream, and the handle may be reused by a new stream.
  checkAsync(d.cuStreamSynchronize(s), "synchronising a GPU stream");
  streamIdle(s);
  check(d.cuStreamDestroy(s), "destroying a GPU stream");
}

extern "C" void mgpuStreamSynchronize(void *stream) {
  CUstream s = streamOf(stream);
  checkAsync(api().cuStreamSynchronize(s), "synchronising a GPU stream");
  streamIdle(s);
}

extern "C" void mgpuStreamWaitEvent(void *stream, void *event) {
  check(
      api().cuStreamWaitEvent(streamOf(stream), static_cast<CUevent>(event), 0),
      "making a GPU stream wait for an event");
}

extern "C" void *mgpuEventCreate(void) {
  CUevent e = nullptr;
  check(api().cuEventCreate(&e, CU_EVENT_DISABLE_TIMING),
        "creating a GPU event");
  return e;
}

extern "C" void mgpuEventDestroy(void *event) {
  if (event)
    check(api().cuEventDestroy(static_cast<CUevent>(event)),
          "destroying a GPU event");
}

extern "C" void mgpuEventSynchronize(void *event) {
  checkAsync(api().cuEventSynchronize(static_cast<CUevent>(event)),
             "waiting for a GPU event");
}

extern "C" void mgpuEventRecord(void *event, void *stream) {
  check(api().cuEventRecord(static_cast<CUevent>(event), streamOf(stream)),
        "recording a GPU event");
}

//===----------------------------------------------------------------------===//
// Timing events
//===----------------------------------------------------------------------===//

extern "C" void *neve_gpu_event_record(void) {
  const DriverApi &d = api();
  CUevent e = nullptr;
  check(d.cuEventCreate(&e, CU_EVENT_DEFAULT), "creating a timing event");
  check(d.cuEventRecord(e, threadStream()), "recording a timing event");
  return e;
}

extern "C" float neve_gpu_event_elapsed_ms(void *start, void *end) {
  if (!start || !end)
    fatal(errorSite(), "neve_gpu_event_elapsed_ms: nil event");
  refuseWhileCapturing("neve_gpu_event_elapsed_ms");
  const DriverApi &d = api();
  checkAsync(d.cuEventSynchronize(static_cast<CUevent>(end)),
             "waiting for a timing event");
  float ms = 0;
  check(d.cuEventElapsedTime(&ms, static_cast<CUevent>(start),
                             static_cast<CUevent>(end)),
        "measuring the time between two events");
  return ms;
}

extern "C" void neve_gpu_event_destroy(void *event) {
  if (event)
    check(api().cuEventDestroy(static_cast<CUevent>(event)),
          "destroying a timing event");
}

//===----------------------------------------------------------------------===//
// CUDA graphs
//===----------------------------------------------------------------------===//

extern "C" void neve_gpu_graph_begin(void) {
  if (capturingGraph)
    fatal(errorSite(), "neve_gpu_graph_begin: the thread is already "
                       "capturing a CUDA graph");
  CUstream s = threadStream();
  check(api().cuStreamBeginCapture(s, CU_STREAM_CAPTURE_MODE_RELAXED),
        "beginning a CUDA graph capture");
  capturingGraph = true;
  activeCaptures.fetch_add(1);
}

extern "C" void *neve_gpu_graph_end(void) {
  if (!capturingGraph)
    fatal(errorSite(), "neve_gpu_graph_end without neve_gpu_graph_begin");
  const DriverApi &d = api();
  CUgraph graph = nullptr;
  CUresult r = d.cuStreamEndCapture(threadStream(), &graph);
  capturingGraph = false;
  activeCaptures.fetch_sub(1);
  check(r, "capturing a CUDA graph");
  CUgraphExec exec = nullptr;
  r = d.cuGraphInstantiateWithFlags(&exec, graph, 0);
  d.cuGraphDestroy(graph);
  check(r, "instantiating a CUDA graph");
  return exec;
}

extern "C" void neve_gpu_graph_launch(void *graph) {
  if (!graph)
    fatal(errorSite(), "neve_gpu_graph_launch: nil graph");
  Site site = takeLaunchSite();
  CUresult r =
      api().cuGraphLaunch(static_cast<CUgraphExec>(graph), threadStream());
  if (r != CUDA_SUCCESS)
    fatal(site.file ? site : errorSite(),
          "launching a CUDA graph failed: " + errorText(r));
  noteLaunch("<CUDA graph>", site);
}

extern "C" void neve_gpu_graph_destroy(void *graph) {
  if (graph)
    check(api().cuGraphExecDestroy(static_cast<CUgraphExec>(graph)),
          "destroying a CUDA graph");
}

//===----------------------------------------------------------------------===//
// Program end
//===----------------------------------------------------------------------===//

extern "C" void neve_gpu_at_exit(void) {
  if (driverReady() && !capturingGraph)
    checkAsync(api().cuCtxSynchronize(),
               "waiting for the GPU at the end of the program");
  setExiting();
  const char *stats = std::getenv("NEVE_GPU_ALLOC_STATS");
  if (stats && *stats && std::strcmp(stats, "0") != 0)
    printAllocStats();
}
