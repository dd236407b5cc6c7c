#include "wmmasim/runfile/launch_file_writer.hpp"

#include <unistd.h>

#include "wmmasim/error.hpp"

namespace wmmasim::runfile {

LaunchFileWriter::LaunchFileWriter(std::filesystem::path path, Producer producer) : path_(std::move(path)) {
  tmp_ = path_;
  tmp_ += ".tmp." + std::to_string(::getpid());
  file_ = std::fopen(tmp_.c_str(), "wb");
  if (!file_) throw UserError("cannot create " + tmp_.string() + " (the run file's temporary copy); does its directory exist?");
  // The header is a run file without programs, so its fields come from the one run-file writer.
  RunFile header;
  header.version = kLaunchFormatVersion;
  header.producer = std::move(producer);
  nlohmann::json j = to_json(header);
  j.erase("environment");  // written last, when the recording knows everything it holds
  std::string text = j.dump();
  text.pop_back();  // the closing brace: "launches" and "environment" follow
  text += ",\"launches\":[";
  failed_ = std::fputs(text.c_str(), file_) < 0;
}

LaunchFileWriter::~LaunchFileWriter() {
  if (!file_) return;
  std::fclose(file_);
  std::error_code ec;
  std::filesystem::remove(tmp_, ec);
}

void LaunchFileWriter::append(const LaunchRecord& launch) {
  if (!file_) return;
  auto put = [&](const std::string& text) { failed_ |= std::fwrite(text.data(), 1, text.size(), file_) != text.size(); };
  // The launch without its buffers, then each buffer without its contents, then the contents: base64
  // needs no escaping, so the (large) strings go to the file without passing through the serializer.
  nlohmann::json j = launch_to_json(launch, false);
  nlohmann::json buffers = std::move(j["buffers"]);
  j.erase("buffers");
  std::string head = j.dump();
  head.back() = ',';  // the closing brace: "buffers" follows
  put(first_ ? "\n" : ",\n");
  put(head);
  put("\"buffers\":[");
  first_ = false;
  for (std::size_t b = 0; b < buffers.size(); ++b) {
    std::string text = buffers[b].dump();
    text.pop_back();
    if (b) put(",");
    put(text);
    const LaunchBuffer& buffer = launch.buffers[b];
    if (buffer.before) put(",\"before\":\"" + base64_encode(*buffer.before) + "\"");
    if (buffer.after) put(",\"after\":\"" + base64_encode(*buffer.after) + "\"");
    put("}");
  }
  put("]}");
}

void LaunchFileWriter::finish(const nlohmann::json& environment) {
  if (!file_) return;
  const std::string tail = "\n],\"environment\":" + environment.dump() + "}\n";
  failed_ |= std::fputs(tail.c_str(), file_) < 0;
  failed_ |= std::fflush(file_) != 0;
  failed_ |= std::fclose(file_) != 0;
  file_ = nullptr;
  std::error_code ec;
  if (failed_) {
    std::filesystem::remove(tmp_, ec);
    throw UserError("cannot write " + tmp_.string() + " (the run file's temporary copy); is the disk full?");
  }
  std::filesystem::rename(tmp_, path_, ec);
  if (ec) {
    std::filesystem::remove(tmp_, ec);
    throw UserError("cannot rename the finished run file to " + path_.string());
  }
}

}  // namespace wmmasim::runfile
