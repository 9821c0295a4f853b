//===- FakeNvtx.cpp - An NVTX tool that writes the ranges down ------------===//
//
// What Nsight Systems is to NVTX, for tests: an injection library
// ($NVTX_INJECTION64_PATH) whose InitializeInjectionNvtx2 takes over the
// core module's range push and pop, and appends `push NAME` and `pop` lines
// to the file $NEVE_FAKE_NVTX_LOG (one write each, O_APPEND). Used by
// NvtxTest.cpp and test/e2e/frost/nvtx-ranges.nv (%fake-nvtx).
//
//===----------------------------------------------------------------------===//

#include <nvtx3/nvToolsExt.h>

#include <cstdlib>
#include <cstring>
#include <string>

#include <fcntl.h>
#include <unistd.h>

namespace {

void logLine(const std::string &line) {
  const char *path = std::getenv("NEVE_FAKE_NVTX_LOG");
  if (!path)
    return;
  int fd = ::open(path, O_WRONLY | O_CREAT | O_APPEND, 0644);
  if (fd < 0)
    return;
  std::string text = line + "\n";
  ssize_t n = ::write(fd, text.data(), text.size());
  (void)n;
  ::close(fd);
}

int NVTX_API fakePushA(const char *message) {
  logLine(std::string("push ") + (message ? message : ""));
  return 0;
}

int NVTX_API fakePop() {
  logLine("pop");
  return 0;
}

} // namespace

extern "C" __attribute__((visibility("default"))) int
InitializeInjectionNvtx2(NvtxGetExportTableFunc_t getExportTable) {
  auto *callbacks = static_cast<const NvtxExportTableCallbacks *>(
      getExportTable(NVTX_ETID_CALLBACKS));
  if (!callbacks)
    return 0;
  NvtxFunctionTable table = nullptr;
  unsigned int size = 0;
  if (!callbacks->GetModuleFunctionTable(NVTX_CB_MODULE_CORE, &table, &size) ||
      size <= NVTX_CBID_CORE_RangePop)
    return 0;
  *table[NVTX_CBID_CORE_RangePushA] =
      reinterpret_cast<NvtxFunctionPointer>(&fakePushA);
  *table[NVTX_CBID_CORE_RangePop] =
      reinterpret_cast<NvtxFunctionPointer>(&fakePop);
  logLine("attached");
  return 1;
}
