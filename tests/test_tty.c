/* test_tty.c - the tools at a terminal, through a pseudo-terminal.
 *
 * Each test starts a tool (TK_BIN, default bin/) with a pseudo-terminal as
 * its standard input, output and error, types a record and waits for the
 * answer BEFORE the input ends (Ctrl-D is typed only afterwards): at a
 * terminal every record must be answered as soon as it is complete, with a
 * prompt on stderr.  The same through pipes with --line-buffered.  And what
 * skrafl says at a terminal: a capped move list with a note on how to see
 * every move, usage errors for an empty rack and for --check without its
 * word (which used to wait for a board on the terminal).
 *
 * The waits have a generous deadline (60 s, a loaded machine under the
 * sanitizers): it only turns a hang into a failure, no time is asserted.
 */
#define _XOPEN_SOURCE 700
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "support/harness.h"

#define DEADLINE_MS deadline_ms()
static int deadline_ms(void)
{
    const char *s = getenv("TK_TTY_DEADLINE_MS");
    return s && atoi(s) > 0 ? atoi(s) : 60000;
}

typedef struct session {
    int fd;          /* pty master, or the write end of the input pipe */
    int out;         /* where the tool's output is read (== fd for a pty) */
    pid_t pid;
    char buf[1 << 16];
    size_t len;
} session;

static const char *bin_path(const char *prog)
{
    static char p[4096];
    const char *b = getenv("TK_BIN");
    snprintf(p, sizeof p, "%s/%s", b && *b ? b : "bin", prog);
    return p;
}

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* Start argv[0] (a tool name) on a new pseudo-terminal. */
static int start_pty(session *s, char *const argv[])
{
    memset(s, 0, sizeof *s);
    int m = posix_openpt(O_RDWR | O_NOCTTY);
    if (m < 0 || grantpt(m) || unlockpt(m))
        return -1;
    const char *name = ptsname(m);
    if (!name)
        return -1;
    char slave[256];
    snprintf(slave, sizeof slave, "%s", name);
    fflush(stdout);
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        setsid();
        int sfd = open(slave, O_RDWR);
        if (sfd < 0)
            _exit(126);
        struct termios t;
        if (tcgetattr(sfd, &t) == 0) {
            t.c_oflag &= ~(tcflag_t)ONLCR;   /* "\n" stays "\n" */
            tcsetattr(sfd, TCSANOW, &t);
        }
        dup2(sfd, 0);
        dup2(sfd, 1);
        dup2(sfd, 2);
        if (sfd > 2)
            close(sfd);
        close(m);
        execv(bin_path(argv[0]), argv);
        _exit(127);
    }
    s->fd = s->out = m;
    s->pid = pid;
    return 0;
}

/* Start argv[0] with pipes for stdin and stdout+stderr. */
static int start_pipe(session *s, char *const argv[])
{
    memset(s, 0, sizeof *s);
    int in[2], out[2];
    if (pipe(in) || pipe(out))
        return -1;
    fflush(stdout);
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        dup2(in[0], 0);
        dup2(out[1], 1);
        dup2(out[1], 2);
        close(in[0]); close(in[1]); close(out[0]); close(out[1]);
        execv(bin_path(argv[0]), argv);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    s->fd = in[1];
    s->out = out[0];
    s->pid = pid;
    return 0;
}

static void type(session *s, const char *text)
{
    size_t n = strlen(text);
    while (n) {
        ssize_t w = write(s->fd, text, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return;
        text += w;
        n -= (size_t)w;
    }
}

/* Read until `want` is in the output (1), the output ends (0) or the deadline. */
static int wait_from(session *s, const char *want, size_t from)
{
    double end = now_ms() + DEADLINE_MS;
    for (;;) {
        s->buf[s->len] = 0;
        if (want && strstr(s->buf + from, want))
            return 1;
        double left = end - now_ms();
        if (left <= 0)
            return 0;
        struct pollfd p = { s->out, POLLIN, 0 };
        int r = poll(&p, 1, (int)left);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return 0;
        if (s->len + 1 >= sizeof s->buf)
            return 0;
        ssize_t got = read(s->out, s->buf + s->len, sizeof s->buf - 1 - s->len);
        if (got <= 0)
            return 0;   /* EIO on a pty: the tool is gone */
        s->len += (size_t)got;
    }
}

static int wait_for(session *s, const char *want) { return wait_from(s, want, 0); }

/* End the input (Ctrl-D at a terminal, close for a pipe), read what is left
 * and reap the tool; its exit status, or -1 if it had to be killed. */
static int finish(session *s, int is_pty)
{
    if (is_pty)
        type(s, "\004");
    else
        close(s->fd);
    (void)wait_for(s, NULL);
    int st = 0;
    double end = now_ms() + DEADLINE_MS;
    while (waitpid(s->pid, &st, WNOHANG) == 0) {
        if (now_ms() > end) {
            kill(s->pid, SIGKILL);
            waitpid(s->pid, &st, 0);
            if (s->out != s->fd) close(s->out);
            close(s->fd);
            return -1;
        }
        struct timespec ts = { 0, 10 * 1000 * 1000 };
        nanosleep(&ts, NULL);
    }
    if (is_pty) close(s->fd);
    else close(s->out);
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + (WIFSIGNALED(st) ? WTERMSIG(st) : 0);
}

/* Type two records one after the other: each answer must come before the
 * next record is typed. */
static void two_records(char *const argv[], int is_pty, const char *rec1, const char *ans1,
                        const char *rec2, const char *ans2, const char *prompt)
{
    session s;
    int rc = is_pty ? start_pty(&s, argv) : start_pipe(&s, argv);
    REQUIRE(rc == 0);
    if (prompt)
        CHECKF(wait_for(&s, prompt), "%s: no prompt '%s' before the first record; got: %.300s", argv[0], prompt, s.buf);
    type(&s, rec1);
    CHECKF(wait_for(&s, ans1), "%s: '%s' not answered while the input is open; got: %.300s", argv[0], ans1, s.buf);
    size_t mark = s.len;
    type(&s, rec2);
    CHECKF(wait_for(&s, ans2), "%s: second record not answered while the input is open; got: %.300s", argv[0],
           s.buf + mark);
    if (prompt) {
        s.buf[s.len] = 0;
        const char *a2 = strstr(s.buf + mark, ans2);
        CHECKF(a2 && wait_from(&s, prompt, (size_t)(a2 - s.buf)), "%s: no prompt after an answer", argv[0]);
    }
    int st = finish(&s, is_pty);
    CHECKF(st == 0, "%s: exit status %d", argv[0], st);
}

static void test_wordq_tty(void)
{
    char *argv[] = { "wordq", NULL };
    two_records(argv, 1, "-a AEINRST\n", "RETAINS", "-k CARE\n", "SCARE", "wordq> ");
}

static void test_mjwait_tty(void)
{
    char *argv[] = { "mjwait", "--jobs", "2", NULL };
    two_records(argv, 1, "123m456p789s1122z\n", "tenpai, 2 waits", "1112345678999m\n", "9 waits", "mjwait> ");
}

static void test_boggle_tty(void)
{
    char *argv[] = { "boggle", "--jobs", "2", NULL };
    two_records(argv, 1, "pers\nlatg\nsine\nters\n\n", "plasterings", "ca\nts\n\n", "scat", "boggle> ");
}

static void test_skrafl_cgp_tty(void)
{
    char *argv[] = { "skrafl", "--cgp", "-n", "1", NULL };
    two_records(argv, 1, "15/15/15/15/15/15/15/7CAT5/15/15/15/15/15/15/15 AEINRST/ 0/0 0\n", "K5  ANESTRI",
                "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 ZEBU/ 0/0 0\n", "8E  ZEBU", "skrafl> ");
}

/* In a pipe the answers may wait for more input (throughput), unless
 * --line-buffered asks for the terminal's behaviour. */
static void test_line_buffered_pipe(void)
{
    char *mj[] = { "mjwait", "--line-buffered", "--jobs", "2", NULL };
    two_records(mj, 0, "123m456p789s1122z\n", "tenpai, 2 waits", "1112345678999m\n", "9 waits", NULL);
    char *wq[] = { "wordq", "--line-buffered", "--jobs", "2", NULL };
    two_records(wq, 0, "-a AEINRST\n", "RETAINS", "-k CARE\n", "SCARE", NULL);
    char *bg[] = { "boggle", "--line-buffered", "--jobs", "2", NULL };
    two_records(bg, 0, "pers\nlatg\nsine\nters\n\n", "plasterings", "ca\nts\n\n", "scat", NULL);
    char *sk[] = { "skrafl", "--line-buffered", "--cgp", "-n", "1", NULL };
    two_records(sk, 0, "15/15/15/15/15/15/15/7CAT5/15/15/15/15/15/15/15 AEINRST/ 0/0 0\n", "K5  ANESTRI",
                "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 ZEBU/ 0/0 0\n", "8E  ZEBU", NULL);
}

/* Run a tool on a terminal with no input typed; its output and status. */
static int run_tty(char *const argv[], session *s)
{
    if (start_pty(s, argv))
        return -2;
    (void)wait_for(s, NULL);   /* until it ends (or the deadline: a tool waiting on the terminal) */
    int st = 0;
    double end = now_ms() + 2000;
    while (waitpid(s->pid, &st, WNOHANG) == 0) {
        if (now_ms() > end) {
            kill(s->pid, SIGKILL);
            waitpid(s->pid, &st, 0);
            close(s->fd);
            return -1;
        }
        struct timespec ts = { 0, 10 * 1000 * 1000 };
        nanosleep(&ts, NULL);
    }
    close(s->fd);
    return WIFEXITED(st) ? WEXITSTATUS(st) : WIFSIGNALED(st) ? 128 + WTERMSIG(st) : -1;
}

static int count_lines(const char *s, const char *prefix)
{
    int n = 0;
    for (const char *p = s; *p; ) {
        if (!strncmp(p, prefix, strlen(prefix)))
            n++;
        const char *nl = strchr(p, '\n');
        if (!nl)
            break;
        p = nl + 1;
    }
    return n;
}

/* Run skrafl at a terminal: "skrafl -r RACK [ARGS...] BOARD" (BOARD a
 * path under the source tree; ARGS end at NULL). */
static int skrafl_tty(session *s, const char *board, const char *rack, ...)
{
    char path[4096];
    snprintf(path, sizeof path, "%s", th_top_path(board));
    char *argv[16] = { "skrafl", "-r", (char *)rack };
    int n = 3;
    va_list ap;
    va_start(ap, rack);
    for (const char *a; n < 14 && (a = va_arg(ap, const char *)) != NULL;)
        argv[n++] = (char *)a;
    va_end(ap);
    argv[n++] = path;
    argv[n] = NULL;
    return run_tty(argv, s);
}

static void test_skrafl_tty_top(void)
{
    session s;
    int st = skrafl_tty(&s, "data/boards/sample.txt", "AEIRST?", NULL);
    CHECKF(st == 0, "exit %d", st);
    int moves = count_lines(s.buf, "15A ") + count_lines(s.buf, "1D ") + count_lines(s.buf, "J8 ");
    CHECKF(s.len < 8000, "%zu bytes printed at a terminal (all 8410 moves?)", s.len);
    CHECK(moves >= 1);
    CHECKF(strstr(s.buf, "8410") != NULL, "the note does not give the number of moves: %.400s", s.buf);
    CHECKF(strstr(s.buf, "--top") != NULL, "the note does not say how to see more: %.400s", s.buf);
}

static void test_skrafl_empty_rack(void)
{
    session s;
    int st = skrafl_tty(&s, "data/boards/sample.txt", "", NULL);
    CHECKF(st == 2, "exit %d: %.300s", st, s.buf);
    CHECKF(strstr(s.buf, "empty") != NULL, "message: %.300s", s.buf);
}

static void test_skrafl_check_missing_word(void)
{
    session s;
    int st = skrafl_tty(&s, "data/boards/sample.txt", "AEIRST?", "--check", "8H", NULL);
    CHECKF(st == 2, "exit %d (-1: it waited on the terminal): %.300s", st, s.buf);
    CHECKF(strstr(s.buf, "WORD") != NULL || strstr(s.buf, "word") != NULL, "message: %.300s", s.buf);
}

static void test_skrafl_zero_moves(void)
{
    /* a rack with no play on an empty board: "0 moves", not silence */
    session s;
    int st = skrafl_tty(&s, "data/boards/empty.txt", "Q", NULL);
    CHECKF(st == 0, "exit %d", st);
    CHECKF(strstr(s.buf, "0 moves") != NULL, "got: %.300s", s.buf);
}

static const th_test tests[] = {
    { "wordq_tty", test_wordq_tty },
    { "mjwait_tty", test_mjwait_tty },
    { "boggle_tty", test_boggle_tty },
    { "skrafl_cgp_tty", test_skrafl_cgp_tty },
    { "line_buffered_pipe", test_line_buffered_pipe },
    { "skrafl_tty_top", test_skrafl_tty_top },
    { "skrafl_empty_rack", test_skrafl_empty_rack },
    { "skrafl_check_missing_word", test_skrafl_check_missing_word },
    { "skrafl_zero_moves", test_skrafl_zero_moves },
    { 0, 0 },
};

int main(int argc, char **argv)
{
    signal(SIGPIPE, SIG_IGN);
    return th_main("tty", tests, argc, argv);
}
