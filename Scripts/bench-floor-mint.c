/*
 * `make bench`'s floor for the cold mint: the smallest C program that does what the design asks
 * of `clerkctl token --force-refresh` — libcurl opened with dlopen (never linked), one POST, and
 * a file replaced atomically and durably (temp file, fsync, rename) — and nothing else: no
 * argument parsing, profile checks, JSON, instance-key check or output formatting.
 *
 * Beside the curl CLI it shows what dlopen and the durable write cost by themselves; beside
 * clerkctl, what clerkctl's own work costs.
 *
 *   bench-floor-mint URL HEADER_FILE FILE [CA_FILE]
 *
 * HEADER_FILE holds one header line (the client token: a secret, so never on argv). FILE is read,
 * and replaced with its own bytes. The reply goes to stdout. Exit 0 on a 2xx reply.
 */
#include <dlfcn.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* From curl/curl.h (the bench needs no -dev package): option numbers and the 2xx check. */
enum {
  OPT_WRITEDATA = 10001, OPT_URL = 10002, OPT_POSTFIELDS = 10015, OPT_HTTPHEADER = 10023,
  OPT_CAINFO = 10065, OPT_WRITEFUNCTION = 20011, INFO_RESPONSE_CODE = 0x200002,
  GLOBAL_DEFAULT = 3
};

struct reply { char *bytes; size_t count; };

static size_t on_data(char *data, size_t size, size_t count, void *context) {
  struct reply *reply = context;
  size_t length = size * count;
  char *grown = realloc(reply->bytes, reply->count + length);
  if (!grown) return 0;
  memcpy(grown + reply->count, data, length);
  reply->bytes = grown;
  reply->count += length;
  return length;
}

static int fail(const char *what) {
  fprintf(stderr, "bench-floor-mint: %s\n", what);
  return 1;
}

int main(int argc, char **argv) {
  if (argc < 4) return fail("usage: bench-floor-mint URL HEADER_FILE FILE [CA_FILE]");
  char header[16384];
  FILE *headers = fopen(argv[2], "r");
  if (!headers || !fgets(header, sizeof header, headers)) return fail("cannot read HEADER_FILE");
  fclose(headers);
  header[strcspn(header, "\r\n")] = 0;

  void *curl = dlopen("libcurl.so.4", RTLD_LAZY | RTLD_LOCAL);
  if (!curl) return fail(dlerror());
  int (*global_init)(long) = (int (*)(long))dlsym(curl, "curl_global_init");
  void *(*easy_init)(void) = (void *(*)(void))dlsym(curl, "curl_easy_init");
  int (*setopt)(void *, int, ...) = (int (*)(void *, int, ...))dlsym(curl, "curl_easy_setopt");
  int (*perform)(void *) = (int (*)(void *))dlsym(curl, "curl_easy_perform");
  int (*getinfo)(void *, int, ...) = (int (*)(void *, int, ...))dlsym(curl, "curl_easy_getinfo");
  void *(*append)(void *, const char *) =
    (void *(*)(void *, const char *))dlsym(curl, "curl_slist_append");
  if (!global_init || !easy_init || !setopt || !perform || !getinfo || !append)
    return fail("libcurl lacks an entry point");
  if (global_init(GLOBAL_DEFAULT) != 0) return fail("curl_global_init failed");

  void *easy = easy_init();
  struct reply reply = {0};
  void *list = append(NULL, header);
  list = append(list, "Content-Type: application/x-www-form-urlencoded");
  setopt(easy, OPT_URL, argv[1]);
  setopt(easy, OPT_HTTPHEADER, list);
  setopt(easy, OPT_POSTFIELDS, "");
  setopt(easy, OPT_WRITEFUNCTION, on_data);
  setopt(easy, OPT_WRITEDATA, &reply);
  if (argc > 4) setopt(easy, OPT_CAINFO, argv[4]);
  long status = 0;
  if (perform(easy) != 0) return fail("request failed");
  getinfo(easy, INFO_RESPONSE_CODE, &status);
  if (status < 200 || status > 299) return fail("reply was not 2xx");

  /* The durable write: read FILE, write its bytes to a temp file beside it, fsync, rename. */
  static char stored[1 << 16];
  int input = open(argv[3], O_RDONLY | O_CLOEXEC);
  if (input < 0) return fail("cannot read FILE");
  ssize_t length = read(input, stored, sizeof stored);
  close(input);
  if (length < 0 || (size_t)length == sizeof stored) return fail("cannot read FILE whole");
  char temporary[4096];
  snprintf(temporary, sizeof temporary, "%s.floor-tmp", argv[3]);
  int output = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (output < 0 || write(output, stored, (size_t)length) != length || fsync(output) != 0)
    return fail("cannot write the temp file");
  close(output);
  if (rename(temporary, argv[3]) != 0) return fail("cannot rename the temp file");

  fwrite(reply.bytes, 1, reply.count, stdout);
  return 0;
}
