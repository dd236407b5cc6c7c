// Human and machine readable views of a prediction: a text report, JSON (same content), and an SVG
// timeline of the waves of one SIMD. Every view names the model, which is not hardware-qualified.
#pragma once

#include <string>

#include "wmmasim/cycles/model.hpp"

namespace wmmasim::cycles {

std::string text_report(const Prediction& p);

// JSON text (schema "wmmasim-cycles-prediction-1", described in docs/cycles.md).
std::string json_report(const Prediction& p, int indent = 2);

struct SvgOptions {
  int simd = 0;
  Cycle from = 0;   // cycle window shown
  Cycle to = -1;    // -1: up to the SIMD's last cycle
  int width = 1200; // pixels of the drawing area
};

// A self-contained SVG document: one row per wave of the SIMD, one bar per issued instruction
// (a WMMA's bar spans its P cycles), coloured by kind, with a tooltip naming the source line.
// Throws UserError when the SIMD has no waves or the window is empty.
std::string svg_timeline(const Program& program, const Prediction& p, const SvgOptions& options = {});

}  // namespace wmmasim::cycles
