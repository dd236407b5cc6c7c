#include <fstream>
#include <ostream>
#include <sstream>
#include <string>
#include <system_error>
#include <unistd.h>

#include "site_assets.hpp"
#include "wmmasim/error.hpp"
#include "wmmasim/layouts/views/site.hpp"

namespace wmmasim::views {
namespace {

// The template with one marker replaced; a marker missing from the template is a build mistake.
std::string fill(std::string text, const std::string& marker, const std::string& content) {
  const std::size_t at = text.find(marker);
  if (at == std::string::npos) throw std::logic_error("explorer template lacks " + marker);
  return text.replace(at, marker.size(), content);
}

}  // namespace

void print_site(std::ostream& out) {
  std::string page = site_assets::kTemplate;
  page = fill(page, site_assets::kStyleMarker, site_assets::kStyle);
  page = fill(page, site_assets::kScriptMarker, site_assets::kScript);
  page = fill(page, site_assets::kDataMarker, site_data());  // last: the data may contain marker-like text
  out << page;
}

void write_site(const std::filesystem::path& dir) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec || !std::filesystem::is_directory(dir))
    throw UserError("cannot create the site directory '" + dir.string() + "'" + (ec ? ": " + ec.message() : ""));
  std::ostringstream page;
  print_site(page);
  const std::filesystem::path path = dir / "index.html";
  std::filesystem::path tmp = path;
  tmp += ".tmp." + std::to_string(::getpid());
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out << page.str();
    out.flush();
    if (!out) {
      std::filesystem::remove(tmp, ec);
      throw UserError("cannot write '" + tmp.string() + "' (the page's temporary copy)");
    }
  }
  std::filesystem::rename(tmp, path, ec);
  if (ec) {
    std::filesystem::remove(tmp, ec);
    throw UserError("cannot rename the finished page to '" + path.string() + "'");
  }
}

}  // namespace wmmasim::views
