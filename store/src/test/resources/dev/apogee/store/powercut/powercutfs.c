/*
 * powercutfs: a FUSE pass-through filesystem that behaves like a disk losing power.
 *
 * Usage: powercutfs <live-dir> <state-dir> <mountpoint> [fuse options, e.g. -f -s]
 *        environment POWERCUT_TEAR_SEED=<n> (n > 0): on this mount's restore, every file's unsynced bytes survive up
 *        to a random byte (a torn write per file that had writes in flight).
 *
 * Every operation goes through to <live-dir>, so reads see what was written, like a page cache. What a real disk
 * would keep after a power cut is kept separately, in <state-dir>:
 *   data/<path>  the file's content as of its last fsync/fdatasync (FUSE_FSYNC; an msync or
 *                MappedByteBuffer.force() arrives as the kernel's write-back of the mapped pages followed by FUSE_FSYNC)
 *   names        the directory entries as of each directory's last fsync (FUSE_FSYNCDIR), one path a line
 * A power cut is the daemon ending (kill, or unmount) without anything else: when the filesystem is mounted again it
 * first rebuilds <live-dir> from <state-dir> ("restore"): entries not in names disappear, files get their durable
 * content back, and with a tear seed each file's first unsynced byte range survives up to a random byte.
 *
 * Fault control: SIGUSR1 makes the next fsync fail with EIO; the data it should have made durable is dropped (as Linux
 * marks the pages clean after a failed write-back), so a later successful fsync does not bring it back.
 *
 * Threads: run single-threaded (-s); the signal handler only increments fail_next.
 * Known simplification: a rename moves the durable content with the name at once (a real filesystem would keep the
 * old entry until the directory is fsynced); renamed directories do not carry their dirty-range records.
 */
#define FUSE_USE_VERSION 31
#define _GNU_SOURCE
#include <fuse.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/types.h>
#include <unistd.h>

static char live_root[PATH_MAX];
static char state_root[PATH_MAX];
static volatile sig_atomic_t fail_next;

/* ---- the durable name set (paths relative to the root, without leading '/') ---- */
static char **names;
static int names_len, names_cap;

static int name_index(const char *rel) {
    for (int i = 0; i < names_len; i++) {
        if (strcmp(names[i], rel) == 0) return i;
    }
    return -1;
}

static void name_add(const char *rel) {
    if (name_index(rel) >= 0) return;
    if (names_len == names_cap) {
        names_cap = names_cap ? names_cap * 2 : 64;
        names = realloc(names, sizeof(char *) * names_cap);
    }
    names[names_len++] = strdup(rel);
}

static void name_remove_at(int i) {
    free(names[i]);
    names[i] = names[--names_len];
}

static void path_join(char *out, const char *root, const char *sub, const char *rel) {
    snprintf(out, PATH_MAX, "%s%s%s%s", root, sub, *rel ? "/" : "", rel);
}

static int names_save(void) {
    char tmp[PATH_MAX], dst[PATH_MAX];
    snprintf(tmp, sizeof tmp, "%s/names.tmp", state_root);
    snprintf(dst, sizeof dst, "%s/names", state_root);
    FILE *f = fopen(tmp, "w");
    if (!f) return -errno;
    for (int i = 0; i < names_len; i++) fprintf(f, "%s\n", names[i]);
    if (fclose(f) != 0) return -EIO;
    return rename(tmp, dst) == 0 ? 0 : -errno;
}

static int names_load(void) {
    char p[PATH_MAX], line[PATH_MAX];
    snprintf(p, sizeof p, "%s/names", state_root);
    FILE *f = fopen(p, "r");
    if (!f) return -1;
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = 0;
        if (*line) name_add(line);
    }
    fclose(f);
    return 0;
}

/* ---- dirty ranges written since the last fsync, per path ---- */
struct dirty { char *rel; off_t lo, hi; };
static struct dirty *dirties;
static int dirty_len, dirty_cap;

static struct dirty *dirty_find(const char *rel, int create) {
    for (int i = 0; i < dirty_len; i++) {
        if (strcmp(dirties[i].rel, rel) == 0) return &dirties[i];
    }
    if (!create) return NULL;
    if (dirty_len == dirty_cap) {
        dirty_cap = dirty_cap ? dirty_cap * 2 : 64;
        dirties = realloc(dirties, sizeof(struct dirty) * dirty_cap);
    }
    struct dirty *d = &dirties[dirty_len++];
    d->rel = strdup(rel);
    d->lo = -1;
    d->hi = -1;
    return d;
}

static void dirty_mark(const char *rel, off_t lo, off_t hi) {
    struct dirty *d = dirty_find(rel, 1);
    if (d->lo < 0 || lo < d->lo) d->lo = lo;
    if (hi > d->hi) d->hi = hi;
}

static void dirty_drop(const char *rel) {
    struct dirty *d = dirty_find(rel, 0);
    if (!d) return;
    free(d->rel);
    *d = dirties[--dirty_len];
}

static const char *rel_of(const char *path) { return path[0] == '/' ? path + 1 : path; }

static void live_path(char *out, const char *path) { path_join(out, live_root, "", rel_of(path)); }
static void data_path(char *out, const char *rel) { path_join(out, state_root, "/data", rel); }

static void mkdirs_for(const char *file) {
    char tmp[PATH_MAX];
    snprintf(tmp, sizeof tmp, "%s", file);
    for (char *s = tmp + 1; *s; s++) {
        if (*s == '/') {
            *s = 0;
            mkdir(tmp, 0755);
            *s = '/';
        }
    }
}

/* Next offset >= pos holding data in fd (holes of sparse files are skipped), or end when none. */
static off_t next_data(int fd, off_t pos, off_t end) {
    off_t d = lseek(fd, pos, SEEK_DATA);
    return d < 0 || d > end ? end : d;
}

static int copy_range(int from, int to, off_t lo, off_t hi) {
    char buf[1 << 16];
    for (off_t pos = next_data(from, lo, hi); pos < hi; pos = next_data(from, pos, hi)) {
        size_t want = (size_t) (hi - pos) < sizeof buf ? (size_t) (hi - pos) : sizeof buf;
        ssize_t n = pread(from, buf, want, pos);
        if (n < 0) return -errno;
        if (n == 0) break;
        if (pwrite(to, buf, n, pos) != n) return -EIO;
        pos += n;
    }
    return 0;
}

/* Makes the live file's content durable: its dirty range (or all of it, the first time) and its size. */
static int make_durable(const char *rel) {
    char lp[PATH_MAX], dp[PATH_MAX];
    path_join(lp, live_root, "", rel);
    data_path(dp, rel);
    struct stat st;
    if (stat(lp, &st) != 0) return -errno;
    if (!S_ISREG(st.st_mode)) return 0;
    int first = access(dp, F_OK) != 0;
    struct dirty *d = dirty_find(rel, 0);
    if (!first && !d) return 0;
    mkdirs_for(dp);
    int from = open(lp, O_RDONLY);
    if (from < 0) return -errno;
    int to = open(dp, O_WRONLY | O_CREAT, 0644);
    if (to < 0) { int e = -errno; close(from); return e; }
    off_t lo = first || !d || d->lo < 0 ? 0 : d->lo;
    off_t hi = first || !d ? st.st_size : (d->hi < st.st_size ? d->hi : st.st_size);
    int rc = copy_range(from, to, lo, hi);
    if (rc == 0 && ftruncate(to, st.st_size) != 0) rc = -errno;
    close(from);
    close(to);
    if (rc == 0) dirty_drop(rel);
    return rc;
}

/* ---- FUSE operations ---- */
static int op_getattr(const char *path, struct stat *st, struct fuse_file_info *fi) {
    (void) fi;
    char p[PATH_MAX];
    live_path(p, path);
    return lstat(p, st) == 0 ? 0 : -errno;
}

static int op_readdir(const char *path, void *buf, fuse_fill_dir_t fill, off_t off, struct fuse_file_info *fi,
                      enum fuse_readdir_flags flags) {
    (void) off; (void) fi; (void) flags;
    char p[PATH_MAX];
    live_path(p, path);
    DIR *dir = opendir(p);
    if (!dir) return -errno;
    struct dirent *e;
    while ((e = readdir(dir)) != NULL) {
        fill(buf, e->d_name, NULL, 0, 0);
    }
    closedir(dir);
    return 0;
}

static int op_mkdir(const char *path, mode_t mode) {
    char p[PATH_MAX];
    live_path(p, path);
    return mkdir(p, mode) == 0 ? 0 : -errno;
}

static int op_unlink(const char *path) {
    char p[PATH_MAX];
    live_path(p, path);
    if (unlink(p) != 0) return -errno;
    dirty_drop(rel_of(path));
    return 0;
}

static int op_rmdir(const char *path) {
    char p[PATH_MAX];
    live_path(p, path);
    return rmdir(p) == 0 ? 0 : -errno;
}

static int op_rename(const char *from, const char *to, unsigned int flags) {
    if (flags) return -EINVAL;
    char a[PATH_MAX], b[PATH_MAX], da[PATH_MAX], db[PATH_MAX];
    live_path(a, from);
    live_path(b, to);
    if (rename(a, b) != 0) return -errno;
    data_path(da, rel_of(from));
    data_path(db, rel_of(to));
    if (access(da, F_OK) == 0) {
        mkdirs_for(db);
        rename(da, db);
    }
    dirty_drop(rel_of(to));
    struct dirty *d = dirty_find(rel_of(from), 0);
    if (d) {
        free(d->rel);
        d->rel = strdup(rel_of(to));
    }
    return 0;
}

static int op_chmod(const char *path, mode_t mode, struct fuse_file_info *fi) {
    (void) fi;
    char p[PATH_MAX];
    live_path(p, path);
    return chmod(p, mode) == 0 ? 0 : -errno;
}

static int op_chown(const char *path, uid_t uid, gid_t gid, struct fuse_file_info *fi) {
    (void) fi;
    char p[PATH_MAX];
    live_path(p, path);
    return lchown(p, uid, gid) == 0 ? 0 : -errno;
}

static int op_truncate(const char *path, off_t size, struct fuse_file_info *fi) {
    char p[PATH_MAX];
    live_path(p, path);
    struct stat st;
    if (lstat(p, &st) != 0) return -errno;
    int rc = fi ? ftruncate(fi->fh, size) : truncate(p, size);
    if (rc != 0) return -errno;
    off_t lo = size < st.st_size ? size : st.st_size;
    dirty_mark(rel_of(path), lo, lo);
    return 0;
}

static int op_utimens(const char *path, const struct timespec ts[2], struct fuse_file_info *fi) {
    (void) fi;
    char p[PATH_MAX];
    live_path(p, path);
    return utimensat(AT_FDCWD, p, ts, AT_SYMLINK_NOFOLLOW) == 0 ? 0 : -errno;
}

static int op_create(const char *path, mode_t mode, struct fuse_file_info *fi) {
    char p[PATH_MAX], dp[PATH_MAX];
    live_path(p, path);
    int existed = access(p, F_OK) == 0;
    int fd = open(p, (fi->flags & ~O_DIRECT) | O_CREAT, mode);
    if (fd < 0) return -errno;
    fi->fh = fd;
    if (!existed) {
        /* a new file (a new inode): whatever durable content an earlier file of this name had is not its content
         * (simplification: should the cut come before the directory fsync, the name then shows an empty file) */
        data_path(dp, rel_of(path));
        unlink(dp);
    }
    dirty_mark(rel_of(path), 0, 0);
    return 0;
}

static int op_open(const char *path, struct fuse_file_info *fi) {
    char p[PATH_MAX];
    live_path(p, path);
    int fd = open(p, fi->flags & ~O_DIRECT);
    if (fd < 0) return -errno;
    fi->fh = fd;
    if (fi->flags & O_TRUNC) dirty_mark(rel_of(path), 0, 0);
    return 0;
}

static int op_read(const char *path, char *buf, size_t size, off_t off, struct fuse_file_info *fi) {
    (void) path;
    ssize_t n = pread(fi->fh, buf, size, off);
    return n < 0 ? -errno : (int) n;
}

static int op_write(const char *path, const char *buf, size_t size, off_t off, struct fuse_file_info *fi) {
    ssize_t n = pwrite(fi->fh, buf, size, off);
    if (n < 0) return -errno;
    dirty_mark(rel_of(path), off, off + n);
    return (int) n;
}

static int op_statfs(const char *path, struct statvfs *st) {
    (void) path;
    return statvfs(live_root, st) == 0 ? 0 : -errno;
}

static int op_release(const char *path, struct fuse_file_info *fi) {
    (void) path;
    close(fi->fh);
    return 0;
}

static int take_failure(const char *what, const char *rel) {
    if (fail_next <= 0) return 0;
    fail_next--;
    fprintf(stderr, "powercutfs: injected EIO on %s of /%s\n", what, rel);
    return 1;
}

static int op_fsync(const char *path, int datasync, struct fuse_file_info *fi) {
    (void) datasync; (void) fi;
    const char *rel = rel_of(path);
    if (take_failure("fsync", rel)) {
        dirty_drop(rel); /* the write-back failed: those bytes are gone, a retry will not bring them back */
        return -EIO;
    }
    return make_durable(rel);
}

static int op_fsyncdir(const char *path, int datasync, struct fuse_file_info *fi) {
    (void) datasync; (void) fi;
    const char *rel = rel_of(path);
    if (take_failure("fsyncdir", rel)) return -EIO;
    char p[PATH_MAX], child[PATH_MAX];
    live_path(p, path);
    size_t plen = strlen(rel);
    /* entries of this directory that no longer exist lose their durable name (and content, subtree included) */
    for (int i = names_len - 1; i >= 0; i--) {
        const char *n = names[i];
        const char *tail;
        if (plen == 0) tail = n;
        else if (strncmp(n, rel, plen) == 0 && n[plen] == '/') tail = n + plen + 1;
        else continue;
        if (strchr(tail, '/')) continue;
        path_join(child, live_root, "", n);
        if (access(child, F_OK) != 0) {
            char dp[PATH_MAX];
            data_path(dp, n);
            unlink(dp);
            name_remove_at(i);
        }
    }
    DIR *dir = opendir(p);
    if (!dir) return -errno;
    struct dirent *e;
    while ((e = readdir(dir)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
        snprintf(child, sizeof child, "%s%s%s", rel, plen ? "/" : "", e->d_name);
        name_add(child);
    }
    closedir(dir);
    return names_save();
}

static void *op_init(struct fuse_conn_info *conn, struct fuse_config *cfg) {
    (void) conn;
    cfg->use_ino = 0;
    cfg->direct_io = 0;   /* shared mmap needs the kernel page cache */
    cfg->kernel_cache = 0;
    return NULL;
}

static const struct fuse_operations ops = {
    .init = op_init,
    .getattr = op_getattr,
    .readdir = op_readdir,
    .mkdir = op_mkdir,
    .unlink = op_unlink,
    .rmdir = op_rmdir,
    .rename = op_rename,
    .chmod = op_chmod,
    .chown = op_chown,
    .truncate = op_truncate,
    .utimens = op_utimens,
    .create = op_create,
    .open = op_open,
    .read = op_read,
    .write = op_write,
    .statfs = op_statfs,
    .release = op_release,
    .fsync = op_fsync,
    .fsyncdir = op_fsyncdir,
};

/* ---- restore: what a disk holds after the power came back ---- */
static unsigned long long rng_state;

static unsigned long long rng_next(void) {
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

static int tear_left;

#define RESTORE_CHUNK (1 << 16)

/* Reads [pos, pos + n) of fd into buf, zeros past its end. */
static void read_chunk(int fd, char *buf, off_t pos, size_t n) {
    memset(buf, 0, n);
    size_t got = 0;
    while (fd >= 0 && got < n) {
        ssize_t r = pread(fd, buf + got, n - got, pos + got);
        if (r <= 0) break;
        got += r;
    }
}

/*
 * Gives the live file its durable content back, chunk by chunk over the data extents of either file (index files are
 * large and sparse). With tearing, the live (unsynced) bytes from the first difference up to a random byte survive.
 */
static void restore_file(const char *rel) {
    char lp[PATH_MAX], dp[PATH_MAX];
    path_join(lp, live_root, "", rel);
    data_path(dp, rel);
    struct stat lst, dst;
    off_t llen = stat(lp, &lst) == 0 ? lst.st_size : 0;
    off_t dlen = stat(dp, &dst) == 0 ? dst.st_size : 0;
    int lfd = open(lp, O_RDWR);
    int dfd = open(dp, O_RDONLY);
    if (lfd < 0) { if (dfd >= 0) close(dfd); return; }
    off_t end = llen > dlen ? llen : dlen;
    off_t tear_from = -1, tear_to = -1;
    static char lb[RESTORE_CHUNK], db[RESTORE_CHUNK];
    off_t pos = 0;
    while (pos < end) {
        off_t nl = next_data(lfd, pos, end);
        off_t nd = dfd >= 0 ? next_data(dfd, pos, end) : end;
        off_t next = nl < nd ? nl : nd;
        if (next >= end) break;
        pos = next - next % RESTORE_CHUNK;
        size_t n = (size_t) (end - pos < RESTORE_CHUNK ? end - pos : RESTORE_CHUNK);
        read_chunk(lfd, lb, pos, n);
        read_chunk(dfd, db, pos, n);
        if (memcmp(lb, db, n) != 0) {
            if (tear_from < 0) {
                size_t i = 0;
                while (lb[i] == db[i]) i++;
                tear_from = pos + i;
                tear_to = tear_from;
                if (tear_left > 0 && tear_from < llen) {
                    /* a torn write: the unsynced bytes from here reached the disk up to a random byte */
                    tear_to = tear_from + (off_t) (rng_next() % (unsigned long long) (llen - tear_from + 1));
                    tear_left--;
                    fprintf(stderr, "powercutfs: tore /%s at byte %lld (unsynced from %lld, durable size %lld,"
                            " live %lld)\n", rel, (long long) tear_to, (long long) tear_from, (long long) dlen,
                            (long long) llen);
                }
            }
            for (size_t i = 0; i < n; i++) {
                off_t at = pos + (off_t) i;
                if (at < tear_from || at >= tear_to) lb[i] = db[i];
            }
            if (pwrite(lfd, lb, n, pos) != (ssize_t) n) break;
        }
        pos += n;
    }
    off_t out_len = tear_to > tear_from && tear_to > dlen ? tear_to : dlen;
    if (ftruncate(lfd, out_len) != 0) fprintf(stderr, "powercutfs: cannot truncate /%s\n", rel);
    if (tear_to > tear_from) {
        /* the torn bytes reached the disk: they are durable now, a later cut must not take them back */
        mkdirs_for(dp);
        int wfd = open(dp, O_WRONLY | O_CREAT, 0644);
        if (wfd >= 0) {
            copy_range(lfd, wfd, tear_from, tear_to);
            if (out_len > dlen && ftruncate(wfd, out_len) != 0) fprintf(stderr, "powercutfs: cannot extend\n");
            close(wfd);
        }
    }
    close(lfd);
    if (dfd >= 0) close(dfd);
}

static int restore_visit(const char *p, const struct stat *st, int type, struct FTW *ftw) {
    (void) st; (void) ftw;
    const char *rel = p + strlen(live_root);
    if (*rel == '/') rel++;
    if (*rel == 0) return 0;
    if (name_index(rel) < 0) {
        if (type == FTW_DP) rmdir(p); else unlink(p);
        return 0;
    }
    if (type == FTW_F) restore_file(rel);
    return 0;
}

static int name_cmp(const void *a, const void *b) { return strcmp(*(char *const *) a, *(char *const *) b); }

static void restore(void) {
    nftw(live_root, restore_visit, 32, FTW_DEPTH | FTW_PHYS);
    qsort(names, names_len, sizeof(char *), name_cmp);
    for (int i = 0; i < names_len; i++) {
        char lp[PATH_MAX], dp[PATH_MAX];
        path_join(lp, live_root, "", names[i]);
        if (access(lp, F_OK) == 0) continue;
        data_path(dp, names[i]);
        struct stat st;
        if (stat(dp, &st) == 0 && S_ISREG(st.st_mode)) {
            mkdirs_for(lp);
            int fd = open(lp, O_WRONLY | O_CREAT, 0644);
            if (fd >= 0) close(fd);
            restore_file(names[i]);
        } else {
            /* a durable name without durable content: a directory if any durable name lies below it */
            size_t l = strlen(names[i]);
            int is_dir = 0;
            for (int j = 0; j < names_len; j++) {
                if (strncmp(names[j], names[i], l) == 0 && names[j][l] == '/') is_dir = 1;
            }
            mkdirs_for(lp);
            if (is_dir) mkdir(lp, 0755);
            else { int fd = open(lp, O_WRONLY | O_CREAT | O_TRUNC, 0644); if (fd >= 0) close(fd); }
        }
    }
}

static void on_usr1(int sig) {
    (void) sig;
    fail_next++;
}

int main(int argc, char *argv[]) {
    if (argc < 4) {
        fprintf(stderr, "usage: %s <live-dir> <state-dir> <mountpoint> [fuse options]\n", argv[0]);
        return 2;
    }
    if (!realpath(argv[1], live_root) || !realpath(argv[2], state_root)) {
        perror("powercutfs: realpath");
        return 2;
    }
    char data[PATH_MAX];
    snprintf(data, sizeof data, "%s/data", state_root);
    mkdir(data, 0755);
    const char *seed = getenv("POWERCUT_TEAR_SEED");
    rng_state = seed ? strtoull(seed, NULL, 10) : 0;
    tear_left = rng_state ? INT_MAX : 0;
    if (names_load() != 0) {
        names_save(); /* a new disk: nothing durable yet (the live directory is expected empty) */
    }
    restore();
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_usr1;
    sa.sa_flags = SA_RESTART;
    sigaction(SIGUSR1, &sa, NULL);
    /* fuse_main gets: program name, mountpoint, then the remaining options */
    char **fargv = calloc(argc, sizeof(char *));
    int fargc = 0;
    fargv[fargc++] = argv[0];
    for (int i = 3; i < argc; i++) fargv[fargc++] = argv[i];
    fprintf(stderr, "powercutfs: mounting %s over %s (state %s), %d durable names\n", argv[3], live_root, state_root,
            names_len);
    int rc = fuse_main(fargc, fargv, &ops, NULL);
    fprintf(stderr, "powercutfs: unmounted %s (fuse_main returned %d)\n", argv[3], rc);
    return rc;
}
