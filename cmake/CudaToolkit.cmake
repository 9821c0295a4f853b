# The CUDA toolkit at configure time: where ptxas and libdevice are, found
# as the compiler finds them (include/neve/Support/CudaToolkit.h):
#
#   ptxas      $NEVE_PTXAS; else $CUDA_HOME/bin (else $CUDA_PATH/bin) when
#              set, and only there; else /usr/local/cuda/bin, then PATH
#   libdevice  nvvm/libdevice/libdevice.10.bc of $CUDA_HOME (else
#              $CUDA_PATH) when set, and only there; else of /usr/local/cuda,
#              then of the toolkit whose bin/ holds the ptxas on PATH
#
# Nothing of Neve's build needs them: programs without kernels compile and
# run without the toolkit. A program with kernels needs both when it is
# compiled, and neve-translate stops with an error naming what is missing;
# this says so once, at configure time. Sets NEVE_PTXAS_FOUND and
# NEVE_LIBDEVICE_FOUND (paths, or empty). Runs as a script too:
#
#   cmake -P cmake/CudaToolkit.cmake

# Joins a list as "A", "A and B", "A, B and C" into OUT.
function(neve_cuda_tried_list out)
  set(items ${ARGN})
  list(LENGTH items n)
  set(text "")
  set(i 0)
  foreach(item IN LISTS items)
    math(EXPR i "${i} + 1")
    if(i EQUAL 1)
      set(text "${item}")
    elseif(i EQUAL n)
      set(text "${text} and ${item}")
    else()
      set(text "${text}, ${item}")
    endif()
  endforeach()
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

function(neve_find_cuda_toolkit)
  set(root "")
  foreach(var CUDA_HOME CUDA_PATH)
    if(NOT root AND NOT "$ENV{${var}}" STREQUAL "")
      set(root "$ENV{${var}}")
      set(root_var "$${var}")
    endif()
  endforeach()

  # ptxas
  set(ptxas "")
  set(ptxas_tried "")
  if(NOT "$ENV{NEVE_PTXAS}" STREQUAL "")
    list(APPEND ptxas_tried "$NEVE_PTXAS ($ENV{NEVE_PTXAS})")
    if(EXISTS "$ENV{NEVE_PTXAS}" AND NOT IS_DIRECTORY "$ENV{NEVE_PTXAS}")
      set(ptxas "$ENV{NEVE_PTXAS}")
    endif()
  elseif(root)
    list(APPEND ptxas_tried "${root_var}/bin/ptxas (${root}/bin/ptxas)")
    if(EXISTS "${root}/bin/ptxas")
      set(ptxas "${root}/bin/ptxas")
    endif()
  else()
    list(APPEND ptxas_tried "/usr/local/cuda/bin/ptxas" "ptxas on PATH")
    if(EXISTS "/usr/local/cuda/bin/ptxas")
      set(ptxas "/usr/local/cuda/bin/ptxas")
    else()
      find_program(on_path ptxas PATHS ENV PATH NO_DEFAULT_PATH NO_CACHE)
      if(on_path)
        set(ptxas "${on_path}")
      endif()
    endif()
  endif()

  # libdevice
  set(libdevice "")
  set(libdevice_tried "")
  set(tail nvvm/libdevice/libdevice.10.bc)
  if(root)
    list(APPEND libdevice_tried "${root_var}/${tail} (${root}/${tail})")
    if(EXISTS "${root}/${tail}")
      set(libdevice "${root}/${tail}")
    endif()
  else()
    list(APPEND libdevice_tried "/usr/local/cuda/${tail}")
    if(EXISTS "/usr/local/cuda/${tail}")
      set(libdevice "/usr/local/cuda/${tail}")
    else()
      find_program(on_path ptxas PATHS ENV PATH NO_DEFAULT_PATH NO_CACHE)
      if(on_path)
        file(REAL_PATH "${on_path}" real)
        get_filename_component(bin "${real}" DIRECTORY)
        get_filename_component(other "${bin}" DIRECTORY)
        if(NOT other STREQUAL "/usr/local/cuda")
          list(APPEND libdevice_tried "${other}/${tail}")
          if(EXISTS "${other}/${tail}")
            set(libdevice "${other}/${tail}")
          endif()
        endif()
      endif()
    endif()
  endif()

  # Kernels are PTX ISA 8.0, which ptxas takes from CUDA 12.0 on.
  set(problems "")
  if(ptxas)
    execute_process(COMMAND "${ptxas}" --version OUTPUT_VARIABLE version
      RESULT_VARIABLE rc ERROR_QUIET)
    if(NOT rc EQUAL 0)
      list(APPEND problems "${ptxas} does not run (ptxas --version failed)")
      set(ptxas "")
    elseif(version MATCHES "release ([0-9]+)\\.([0-9]+)")
      set(release "${CMAKE_MATCH_1}.${CMAKE_MATCH_2}")
      if(CMAKE_MATCH_1 LESS 12)
        list(APPEND problems "${ptxas} is release ${release}; kernels are PTX ISA 8.0, which needs ptxas 12.0 or later")
        set(ptxas "")
      endif()
    endif()
  else()
    neve_cuda_tried_list(where ${ptxas_tried})
    list(APPEND problems "ptxas not found (looked for ${where})")
  endif()
  if(NOT libdevice)
    neve_cuda_tried_list(where ${libdevice_tried})
    list(APPEND problems "libdevice not found (looked for ${where})")
  endif()

  if(problems)
    list(JOIN problems "; " text)
    message(WARNING "CUDA toolkit: ${text}. Programs without kernels build "
      "and run without it; compiling a program with kernels (kernel and gpu "
      "functions, or import frost) stops with an error naming what is "
      "missing. Install the CUDA toolkit (12.0 or later), or set CUDA_HOME "
      "to it (docs/getting-started.md, \"What you need\").")
  else()
    set(release_text "")
    if(release)
      set(release_text " (release ${release})")
    endif()
    message(STATUS "CUDA toolkit: ptxas ${ptxas}${release_text}, libdevice "
      "${libdevice}: programs with kernels compile here")
  endif()
  set(NEVE_PTXAS_FOUND "${ptxas}" PARENT_SCOPE)
  set(NEVE_LIBDEVICE_FOUND "${libdevice}" PARENT_SCOPE)
endfunction()

if(CMAKE_SCRIPT_MODE_FILE STREQUAL CMAKE_CURRENT_LIST_FILE)
  neve_find_cuda_toolkit()
endif()
