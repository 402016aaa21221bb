/* cli_outfile.c - the output-file rule of cli_outfile.h.
 *
 * The target is only ever looked at with lstat (never opened: a FIFO cannot
 * block, a symbolic link is never followed); the bytes go to a mkstemp file
 * beside it, which is fsync'ed, closed and renamed over the target.  rename
 * replaces a directory entry without following it, so even a target swapped
 * for a symbolic link between the check and the rename is replaced, not
 * written through.  Temporary names are kept in a fixed table of slots that
 * a SIGINT/SIGTERM/SIGHUP handler walks with unlink (async-signal-safe)
 * before letting the signal take its default action.
 */
#include "cli_outfile.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

/* ---- --force and the inputs --------------------------------------------------- */

static int force_on;
void cli_out_set_force(int on) { force_on = on != 0; }
int cli_out_force(void) { return force_on; }

enum { MAX_INPUTS = 256 };
static struct { dev_t dev; ino_t ino; } inputs[MAX_INPUTS];
static int n_inputs;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void add_input(const struct stat *st)
{
    if (!S_ISREG(st->st_mode))
        return;
    pthread_mutex_lock(&lock);
    int seen = 0;
    for (int i = 0; i < n_inputs; i++)
        seen |= inputs[i].dev == st->st_dev && inputs[i].ino == st->st_ino;
    if (!seen && n_inputs < MAX_INPUTS) {
        inputs[n_inputs].dev = st->st_dev;
        inputs[n_inputs].ino = st->st_ino;
        n_inputs++;
    }
    pthread_mutex_unlock(&lock);
}

void cli_out_input_fd(int fd)
{
    struct stat st;
    if (fd >= 0 && fstat(fd, &st) == 0)
        add_input(&st);
}

void cli_out_input(const char *path)
{
    struct stat st;
    if (!path)
        return;
    if (strcmp(path, "-") == 0)
        cli_out_input_fd(STDIN_FILENO);
    else if (stat(path, &st) == 0)
        add_input(&st);
}

static int is_input(const struct stat *st)
{
    int hit = 0;
    pthread_mutex_lock(&lock);
    for (int i = 0; i < n_inputs; i++)
        hit |= inputs[i].dev == st->st_dev && inputs[i].ino == st->st_ino;
    pthread_mutex_unlock(&lock);
    return hit;
}

/* ---- checks -------------------------------------------------------------------- */

static const char *kind(mode_t m)
{
    return S_ISLNK(m) ? "a symbolic link"
         : S_ISDIR(m) ? "a directory"
         : S_ISFIFO(m) ? "a FIFO"
         : S_ISCHR(m) || S_ISBLK(m) ? "a device"
         : S_ISSOCK(m) ? "a socket"
                       : "a special file";
}

/* 0 and *st filled (exists 1) or a new file (exists 0); -1 with err.
 * replace: an existing regular file may be replaced without --force (a
 * checkpoint replacing the previous one). */
static int check(const char *path, struct stat *st, int *exists, int replace, tk_error *err)
{
    *exists = 0;
    if (!path || !*path)
        return tk_error_set(err, TK_EINVAL, 0, 0, "no output file name"), -1;
    size_t n = strlen(path);
    if (path[n - 1] == '/')
        return tk_error_set(err, TK_EINVAL, 0, 0, "names a directory, not a file"), -1;
    if (lstat(path, st) != 0) {
        if (errno == ENOENT)
            return 0;
        return tk_error_set(err, TK_EIO, 0, 0, "cannot write: %s", strerror(errno)), -1;
    }
    *exists = 1;
    if (!S_ISREG(st->st_mode))
        return tk_error_set(err, TK_EINVAL, 0, 0, "refusing to replace %s (only a regular file is ever replaced)",
                            kind(st->st_mode)), -1;
    if (is_input(st))
        return tk_error_set(err, TK_EINVAL, 0, 0, "refusing to replace an input of this command"), -1;
    if (!force_on && !replace)
        return tk_error_set(err, TK_EINVAL, 0, 0, "already exists (use --force to replace it)"), -1;
    if (!(st->st_mode & S_IWUSR))
        return tk_error_set(err, TK_EINVAL, 0, 0, "refusing to replace a read-only file"), -1;
    return 0;
}

int cli_out_check(const char *path, tk_error *err)
{
    struct stat st;
    int exists;
    return check(path, &st, &exists, 0, err);
}

int cli_out_mkdirs(const char *dir, tk_error *err)
{
    size_t n = strlen(dir);
    if (!n)
        return tk_error_set(err, TK_EINVAL, 0, 0, "no directory name"), -1;
    char *p = malloc(n + 1);
    if (!p)
        return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory"), -1;
    memcpy(p, dir, n + 1);
    int rc = 0;
    for (size_t i = 1; i <= n && rc == 0; i++) {
        if (p[i] != '/' && p[i] != 0)
            continue;
        char c = p[i];
        p[i] = 0;
        struct stat st;
        if (mkdir(p, 0777) != 0 && errno != EEXIST)
            rc = tk_error_set(err, TK_EIO, 0, 0, "cannot create directory %s: %s", p, strerror(errno));
        else if (stat(p, &st) != 0 || !S_ISDIR(st.st_mode))
            rc = tk_error_set(err, TK_EIO, 0, 0, "%s is not a directory", p);
        p[i] = c;
    }
    free(p);
    return rc ? -1 : 0;
}

/* ---- temporary files and signals ----------------------------------------------- */

enum { SLOTS = 2048 };
static char *volatile slots[SLOTS];
static pthread_once_t once = PTHREAD_ONCE_INIT;
static mode_t the_umask;

static void on_signal(int sig)
{
    for (int i = 0; i < SLOTS; i++) {
        char *t = slots[i];
        if (t)
            unlink(t);
    }
    signal(sig, SIG_DFL);
    raise(sig);
}

static void setup(void)
{
    the_umask = umask(022);
    umask(the_umask);
    static const int sigs[] = { SIGINT, SIGTERM, SIGHUP };
    for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++) {
        struct sigaction old, sa;
        if (sigaction(sigs[i], NULL, &old) != 0 || old.sa_handler == SIG_IGN)
            continue;                      /* nohup & co: stay ignored */
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_signal;
        sigemptyset(&sa.sa_mask);
        sigaction(sigs[i], &sa, NULL);
    }
}

static int take_slot(char *tmp)
{
    pthread_mutex_lock(&lock);
    int s = -1;
    for (int i = 0; i < SLOTS && s < 0; i++)
        if (!slots[i]) {
            slots[i] = tmp;
            s = i;
        }
    pthread_mutex_unlock(&lock);
    return s;
}

static void drop_slot(int s)
{
    if (s < 0)
        return;
    pthread_mutex_lock(&lock);
    slots[s] = NULL;
    pthread_mutex_unlock(&lock);
}

/* Leftovers of a killed run: DIR/.NAME.tilekit-PID-XXXXXX, a regular file of
 * ours whose PID no longer runs.  Once per directory and process (the last
 * directory cleaned is remembered), so writing many files into one
 * directory (--selfplay N --gcg DIR) scans it once. */
static void clean_stale(const char *dir)
{
    static char last[4096];
    pthread_mutex_lock(&lock);
    int seen = strcmp(last, dir) == 0;
    if (!seen)
        snprintf(last, sizeof last, "%s", dir);
    pthread_mutex_unlock(&lock);
    if (seen)
        return;
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        const char *s = e->d_name, *t = strstr(s, ".tilekit-");
        if (s[0] != '.' || !t || t == s)
            continue;
        while (strstr(t + 1, ".tilekit-"))
            t = strstr(t + 1, ".tilekit-");
        s = t + 9;
        char *end;
        long pid = strtol(s, &end, 10);
        if (end == s || *end != '-' || strlen(end + 1) != 6 || pid <= 0 || pid == (long)getpid())
            continue;
        if (kill((pid_t)pid, 0) == 0 || errno != ESRCH)
            continue;
        size_t n = strlen(dir) + strlen(e->d_name) + 2;
        char *p = malloc(n);
        struct stat st;
        if (p) {
            snprintf(p, n, "%s/%s", dir, e->d_name);
            if (lstat(p, &st) == 0 && S_ISREG(st.st_mode) && st.st_uid == geteuid())
                unlink(p);
            free(p);
        }
    }
    closedir(d);
}

static int out_open(cli_out *o, const char *path, int replace, tk_error *err)
{
    memset(o, 0, sizeof *o);
    o->slot = -1;
    pthread_once(&once, setup);
    struct stat st;
    int exists;
    if (check(path, &st, &exists, replace, err) != 0)
        return -1;
    o->replace = replace;
    o->mode = exists ? (int)(st.st_mode & 07777) : (int)(0666 & ~the_umask);
    const char *slash = strrchr(path, '/');
    const char *base = slash ? slash + 1 : path;
    size_t dl = slash ? (size_t)(slash - path) : 0, n = strlen(path);
    o->path = malloc(n + 1);
    o->tmp = malloc(n + 48);
    char *dir = malloc(dl + 2);
    if (!o->path || !o->tmp || !dir) {
        free(dir);
        cli_out_abort(o);
        return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory"), -1;
    }
    memcpy(o->path, path, n + 1);
    if (slash)
        memcpy(dir, path, dl ? dl : 1), dir[dl ? dl : 1] = 0;
    else
        strcpy(dir, ".");
    clean_stale(dir);
    snprintf(o->tmp, n + 48, "%.*s.%s.tilekit-%ld-XXXXXX", (int)(base - path), path, base, (long)getpid());
    free(dir);
    /* the slot is taken before the file exists, so a signal between the two
     * unlinks a name that is not there yet, never leaves one behind */
    o->slot = take_slot(o->tmp);
    int fd = mkstemp(o->tmp);
    if (fd < 0) {
        int e = errno;
        drop_slot(o->slot);
        o->slot = -1;
        free(o->tmp);
        o->tmp = NULL;
        cli_out_abort(o);
        return tk_error_set(err, TK_EIO, 0, 0, "cannot create a temporary file beside it: %s", strerror(e)), -1;
    }
    if (fchmod(fd, (mode_t)o->mode) != 0 || !(o->f = fdopen(fd, "wb"))) {
        int e = errno;
        close(fd);
        cli_out_abort(o);
        return tk_error_set(err, TK_EIO, 0, 0, "cannot write: %s", strerror(e)), -1;
    }
    return 0;
}

int cli_out_open(cli_out *o, const char *path, tk_error *err)
{
    return out_open(o, path, 0, err);
}

void cli_out_abort(cli_out *o)
{
    if (o->f)
        fclose(o->f);
    if (o->tmp)
        unlink(o->tmp);
    drop_slot(o->slot);
    free(o->tmp);
    free(o->path);
    memset(o, 0, sizeof *o);
    o->slot = -1;
}

int cli_out_commit(cli_out *o, tk_error *err)
{
    int e = 0;
    if (fflush(o->f) != 0 || ferror(o->f))
        e = errno ? errno : EIO;
    else if (fsync(fileno(o->f)) != 0 && errno != EINVAL && errno != EROFS)
        e = errno;
    int cr = fclose(o->f);
    o->f = NULL;
    if (!e && cr != 0)
        e = errno ? errno : EIO;
    if (e) {
        cli_out_abort(o);
        return tk_error_set(err, TK_EIO, 0, 0, "write error: %s", strerror(e)), -1;
    }
    struct stat st;
    int exists;
    if (check(o->path, &st, &exists, o->replace, err) != 0) {     /* changed while we wrote? */
        cli_out_abort(o);
        return -1;
    }
    if (rename(o->tmp, o->path) != 0) {
        e = errno;
        cli_out_abort(o);
        return tk_error_set(err, TK_EIO, 0, 0, "cannot write: %s", strerror(e)), -1;
    }
    drop_slot(o->slot);
    o->slot = -1;
    free(o->tmp);
    o->tmp = NULL;
    cli_out_abort(o);         /* frees the rest */
    return 0;
}

static int write_file(const char *path, const void *data, size_t len, int replace, tk_error *err)
{
    cli_out o;
    if (out_open(&o, path, replace, err) != 0)
        return -1;
    if (len && fwrite(data, 1, len, o.f) != len) {
        int e = errno;
        cli_out_abort(&o);
        return tk_error_set(err, TK_EIO, 0, 0, "write error: %s", strerror(e ? e : EIO)), -1;
    }
    return cli_out_commit(&o, err);
}

int cli_out_write_file(const char *path, const void *data, size_t len, tk_error *err)
{
    return write_file(path, data, len, 0, err);
}

int cli_checkpoint_write(const char *path, const void *data, size_t len, tk_error *err)
{
    return write_file(path, data, len, 1, err);
}
