/* mapfile.c - a whole regular file mapped into memory (see core/tk_text.h).
 *
 * open, fstat (a regular file only: a FIFO or a device has no fixed size
 * to map), mmap of the whole file (MAP_PRIVATE: a writable mapping is
 * copy-on-write, nothing goes back to the file), close.  An empty file
 * cannot be mapped and needs no mapping: it gives no data and length 0.
 * The step that failed is returned and errno kept, so callers word their
 * own messages.
 */
#include "core/tk_text.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

int tku_map_file(tku_map *m, const char *path, int writable)
{
    m->data = NULL;
    m->len = 0;
    int fd = open(path, O_RDONLY);
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
