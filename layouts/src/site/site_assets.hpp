// The page's template, style and script, embedded from explorer.html, explorer.css and explorer.js
// at configure time (cmake/EmbedText.cmake), so they can be edited and linted as what they are.
#pragma once

namespace wmmasim::views::site_assets {

extern const char* const kTemplate;  // explorer.html, with the markers below
extern const char* const kStyle;     // explorer.css
extern const char* const kScript;    // explorer.js

inline constexpr const char* kStyleMarker = "/*WMMASIM:STYLE*/";
inline constexpr const char* kDataMarker = "/*WMMASIM:DATA*/";
inline constexpr const char* kScriptMarker = "/*WMMASIM:SCRIPT*/";

}  // namespace wmmasim::views::site_assets
