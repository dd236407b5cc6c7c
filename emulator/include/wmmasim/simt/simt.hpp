// The SIMT runtime in one include: launch, kernel-side context, wave collectives, checked memory, trace.
#pragma once

#include "wmmasim/simt/buffer.hpp"
#include "wmmasim/simt/checked_ptr.hpp"
#include "wmmasim/simt/dim3.hpp"
#include "wmmasim/simt/fault.hpp"
#include "wmmasim/simt/lane_context.hpp"
#include "wmmasim/simt/launch.hpp"
#include "wmmasim/simt/launch_options.hpp"
#include "wmmasim/simt/shared_memory.hpp"
#include "wmmasim/simt/race_notes.hpp"
#include "wmmasim/simt/sync_notes.hpp"
#include "wmmasim/simt/trace.hpp"
#include "wmmasim/simt/wave_collective.hpp"
