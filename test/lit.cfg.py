# lit configuration of the nvmove test suite (the CMake-generated lit.site.cfg.py loads it).
import os

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "nvmove"
# lit's internal shell: the same RUN lines work wherever lit does.
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".c", ".test"]
# Shared split-file sections live in Inputs/ and are not tests themselves.
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = config.nvmove_test_exec_root

# FileCheck, and 'not' after a pipe, come from here (the LLVM 16 tools directory).
llvm_config.use_default_substitutions()

# No test may touch the user's summary cache: point the default location into the
# build tree, and have %nvmove skip the cache altogether (a cache hit would hide a
# change to the extraction rules). --quiet keeps parse progress out of checked stderr.
config.environment["XDG_CACHE_HOME"] = os.path.join(config.test_exec_root, "xdg-cache")
# Scripts under test (examples/*/port-and-build.sh) use the build under test, wherever it is.
config.environment["NVM_BUILD"] = config.nvmove_obj_root

nvmove = os.path.join(config.nvmove_tools_dir, "nvmove")
config.substitutions.append(("%nvmove", nvmove + " --no-cache --quiet"))
config.substitutions.append(
    ("%persist-rewriter", os.path.join(config.nvmove_tools_dir, "persist-rewriter")))

# A bare 'nvmove' is the built binary too (it may use the cache, so give it --cache-dir).
llvm_config.add_tool_substitutions(
    [ToolSubst("nvmove", command=nvmove)] +
    [ToolSubst(t, unresolved="fatal") for t in ("not", "split-file")],
    [config.llvm_tools_dir])
