/* mapfile.c - a whole regular file mapped into memory, and one written
 * atomically (see core/tk_text.h).
 *
 * open (never waiting: O_NONBLOCK), fstat (a regular file only: a FIFO
 * or a device has no fixed size to map), mmap of the whole file (MAP_PRIVATE: a writable mapping is
 * copy-on-write, nothing goes back to the file), close.  An empty file
 * cannot be mapped and needs no mapping: it gives no data and length 0.
 * The step that failed is returned and errno kept, so callers word their
 * own messages.
 */
#include "core/tk_text.h"
#include "tilekit/common.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

int tku_map_file(tku_map *m, const char *path, int writable)
{
    m->data = NULL;
    m->len = 0;
    /* O_NONBLOCK: a FIFO's open would wait for a writer; this one returns,
     * and fstat then refuses it (no effect on a regular file) */
    int fd = open(path, O_RDONLY | O_NONBLOCK);
    if (fd < 0)
        return TKU_MAP_EOPEN;
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        int e = errno;
        close(fd);
        errno = e;
        return TKU_MAP_ENOTREG;
    }
    size_t len = (size_t)st.st_size;
    void *p = len ? mmap(NULL, len, PROT_READ | (writable ? PROT_WRITE : 0), MAP_PRIVATE, fd, 0) : NULL;
    int e = errno;
    close(fd);
    if (p == MAP_FAILED) {
        errno = e;
        return TKU_MAP_EMAP;
    }
    m->data = p;
    m->len = len;
    return TKU_MAP_OK;
}

void tku_unmap(tku_map *m)
{
    if (m->data)
        munmap(m->data, m->len);
    m->data = NULL;
    m->len = 0;
}

/* Why path may not be replaced (a kind of file), or NULL when it may. */
static const char *not_regular(const char *path)
{
    struct stat st;
    if (lstat(path, &st) != 0 || S_ISREG(st.st_mode))
        return NULL;
    return S_ISLNK(st.st_mode)                          ? "a symbolic link"
           : S_ISDIR(st.st_mode)                        ? "a directory"
           : S_ISFIFO(st.st_mode)                       ? "a FIFO"
           : S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode) ? "a device"
                                                        : "a special file";
}

int tku_write_file(const char *path, const void *buf, size_t len, tk_error *err)
{
    if (!path || !*path)
        return tk_error_set(err, TK_EINVAL, 0, 0, "empty output file name");
    const char *kind = not_regular(path);
    if (kind)
        return tk_error_set(err, TK_EINVAL, 0, 0, "refusing to replace %s: %s, not a regular file", path, kind);
    size_t plen = strlen(path);
    char *tmp = malloc(plen + 32);
    if (!tmp)
        return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
    snprintf(tmp, plen + 32, "%s.tmp%ld", path, (long)getpid());
    int rc = 0;
    int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL, 0666);
    FILE *f = fd >= 0 ? fdopen(fd, "wb") : NULL;
    if (!f) {
        rc = tk_error_set(err, TK_EIO, 0, 0, "cannot create %s: %s", tmp, strerror(errno));
        if (fd >= 0) {
            close(fd);
            remove(tmp);
        }
    } else {
        int bad = fwrite(buf, 1, len, f) != len || fflush(f) != 0;
        int e = errno;
        if (fclose(f) != 0 && !bad) {
            bad = 1;
            e = errno;
        }
        if (bad) {
            rc = tk_error_set(err, TK_EIO, 0, 0, "cannot write %s: %s", path, strerror(e));
            remove(tmp);
        } else if (rename(tmp, path) != 0) {
            rc = tk_error_set(err, TK_EIO, 0, 0, "cannot rename %s to %s: %s", tmp, path, strerror(errno));
            remove(tmp);
        }
    }
    free(tmp);
    return rc;
}
