// SPDX-License-Identifier: GPL-2.0
/*
 * Test consumer of pin states for make stress (scripts/stress.sh): not part
 * of the kernel series, an out-of-tree module loaded by the guest's /stress.
 *
 * Devices: every DT node with compatible "vsoc,pinctrl-consumer-test". The
 * driver core applies the "default" state before probe; each bound device
 * then has a sysfs attribute "state": writing a state name ("default",
 * "sleep", "idle", ...) looks the state up and selects it, reading gives
 * the state last selected.
 *
 * debugfs, directory pinctrl-consumer-test:
 *   refcounts	every node of the live tree, one per line, "PATH COUNT":
 *		the node's reference count less the reference the walk
 *		itself holds (of_find_all_nodes())
 *   overlay-dtb	write: an overlay blob (one write, at most 64 KiB)
 *   overlay	write "apply": of_overlay_fdt_apply() of that blob;
 *		write "remove": of_overlay_remove() of the applied one;
 *		read: the changeset id applied, 0 when none
 */
#include <linux/debugfs.h>
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/kref.h>
#include <linux/mod_devicetable.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/of.h>
#include <linux/pinctrl/consumer.h>
#include <linux/platform_device.h>
#include <linux/seq_file.h>
#include <linux/sizes.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#define PCT_STATE_LEN	32

struct pct_consumer {
	struct pinctrl *p;
	/*
	 * The pinctrl core does not serialize pinctrl_select_state() on one
	 * handle: two CPUs selecting states of the same handle at once
	 * interleave the release of the old state's mux settings with the
	 * claim of the new one's ("not freeing pin N as part of deactivating
	 * group ..."). Each select is made under this mutex, as a driver
	 * selecting from more than one context must do.
	 */
	struct mutex lock;
	char state[PCT_STATE_LEN];	/* under lock */
};

static ssize_t state_show(struct device *dev, struct device_attribute *attr,
			  char *buf)
{
	struct pct_consumer *pc = dev_get_drvdata(dev);
	ssize_t ret;

	mutex_lock(&pc->lock);
	ret = sysfs_emit(buf, "%s\n", pc->state);
	mutex_unlock(&pc->lock);
	return ret;
}

static ssize_t state_store(struct device *dev, struct device_attribute *attr,
			   const char *buf, size_t count)
{
	struct pct_consumer *pc = dev_get_drvdata(dev);
	struct pinctrl_state *s;
	char name[PCT_STATE_LEN];
	int ret;

	if (count >= sizeof(name))
		return -EINVAL;
	memcpy(name, buf, count);
	name[count] = '\0';
	strim(name);
	if (!name[0])
		return -EINVAL;
	s = pinctrl_lookup_state(pc->p, name);
	if (IS_ERR(s))
		return PTR_ERR(s);

	mutex_lock(&pc->lock);
	ret = pinctrl_select_state(pc->p, s);
	if (!ret)
		strscpy(pc->state, name, sizeof(pc->state));
	mutex_unlock(&pc->lock);
	return ret ? ret : count;
}
static DEVICE_ATTR_RW(state);

static struct attribute *pct_attrs[] = {
	&dev_attr_state.attr,
	NULL
};
ATTRIBUTE_GROUPS(pct);

static int pct_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct pct_consumer *pc;
	int ret;

	pc = devm_kzalloc(dev, sizeof(*pc), GFP_KERNEL);
	if (!pc)
		return -ENOMEM;
	ret = devm_mutex_init(dev, &pc->lock);
	if (ret)
		return ret;
	/* The handle the driver core made when it applied "default" */
	pc->p = devm_pinctrl_get(dev);
	if (IS_ERR(pc->p))
		return dev_err_probe(dev, PTR_ERR(pc->p), "no pin states\n");
	strscpy(pc->state, PINCTRL_STATE_DEFAULT, sizeof(pc->state));
	platform_set_drvdata(pdev, pc);
	return 0;
}

static const struct of_device_id pct_of_match[] = {
	{ .compatible = "vsoc,pinctrl-consumer-test" },
	{ }
};
MODULE_DEVICE_TABLE(of, pct_of_match);

static struct platform_driver pct_driver = {
	.probe = pct_probe,
	.driver = {
		.name = "pinctrl-consumer-test",
		.of_match_table = pct_of_match,
		.dev_groups = pct_groups,
	},
};

/* ---- debugfs: node reference counts and the overlay ---------------- */

static struct dentry *pct_dir;
static DEFINE_MUTEX(pct_overlay_lock);
static void *pct_dtb;		/* under pct_overlay_lock, as the two below */
static size_t pct_dtb_size;
static int pct_ovcs_id;

static int refcounts_show(struct seq_file *m, void *unused)
{
	struct device_node *np;

	/* of_find_all_nodes() returns each node with a reference held */
	for (np = of_find_all_nodes(NULL); np; np = of_find_all_nodes(np))
		seq_printf(m, "%pOF %u\n", np, kref_read(&np->kobj.kref) - 1);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(refcounts);

static ssize_t overlay_dtb_write(struct file *file, const char __user *ubuf,
				 size_t count, loff_t *ppos)
{
	void *dtb;

	if (!count || count > SZ_64K)
		return -EINVAL;
	dtb = memdup_user(ubuf, count);
	if (IS_ERR(dtb))
		return PTR_ERR(dtb);

	mutex_lock(&pct_overlay_lock);
	kfree(pct_dtb);
	pct_dtb = dtb;
	pct_dtb_size = count;
	mutex_unlock(&pct_overlay_lock);
	return count;
}

static const struct file_operations overlay_dtb_fops = {
	.owner = THIS_MODULE,
	.open = simple_open,
	.write = overlay_dtb_write,
};

/* Called with pct_overlay_lock held */
static int pct_overlay_remove(void)
{
	int ret;

	if (!pct_ovcs_id)
		return -ENOENT;
	ret = of_overlay_remove(&pct_ovcs_id);
	if (!ret)
		pct_ovcs_id = 0;
	return ret;
}

static int pct_overlay_apply(void)
{
	int ret, id = 0;

	if (pct_ovcs_id)
		return -EBUSY;
	if (!pct_dtb)
		return -ENOENT;
	ret = of_overlay_fdt_apply(pct_dtb, pct_dtb_size, &id, NULL);
	if (ret) {
		/* the changeset may be applied in part: take it back */
		if (id)
			of_overlay_remove(&id);
		return ret;
	}
	pct_ovcs_id = id;
	return 0;
}

static ssize_t overlay_write(struct file *file, const char __user *ubuf,
			     size_t count, loff_t *ppos)
{
	char cmd[16];
	int ret;

	if (count >= sizeof(cmd))
		return -EINVAL;
	if (copy_from_user(cmd, ubuf, count))
		return -EFAULT;
	cmd[count] = '\0';

	mutex_lock(&pct_overlay_lock);
	if (sysfs_streq(cmd, "apply"))
		ret = pct_overlay_apply();
	else if (sysfs_streq(cmd, "remove"))
		ret = pct_overlay_remove();
	else
		ret = -EINVAL;
	mutex_unlock(&pct_overlay_lock);
	return ret ? ret : count;
}

static ssize_t overlay_read(struct file *file, char __user *ubuf,
			    size_t count, loff_t *ppos)
{
	char buf[16];
	int len;

	mutex_lock(&pct_overlay_lock);
	len = scnprintf(buf, sizeof(buf), "%d\n", pct_ovcs_id);
	mutex_unlock(&pct_overlay_lock);
	return simple_read_from_buffer(ubuf, count, ppos, buf, len);
}

static const struct file_operations overlay_fops = {
	.owner = THIS_MODULE,
	.open = simple_open,
	.read = overlay_read,
	.write = overlay_write,
	.llseek = default_llseek,
};

static int __init pct_init(void)
{
	int ret;

	ret = platform_driver_register(&pct_driver);
	if (ret)
		return ret;
	pct_dir = debugfs_create_dir("pinctrl-consumer-test", NULL);
	debugfs_create_file("refcounts", 0444, pct_dir, NULL, &refcounts_fops);
	debugfs_create_file("overlay-dtb", 0200, pct_dir, NULL, &overlay_dtb_fops);
	debugfs_create_file("overlay", 0600, pct_dir, NULL, &overlay_fops);
	return 0;
}
module_init(pct_init);

static void __exit pct_exit(void)
{
	debugfs_remove_recursive(pct_dir);
	mutex_lock(&pct_overlay_lock);
	if (pct_ovcs_id)
		pct_overlay_remove();
	kfree(pct_dtb);
	pct_dtb = NULL;
	mutex_unlock(&pct_overlay_lock);
	platform_driver_unregister(&pct_driver);
}
module_exit(pct_exit);

MODULE_DESCRIPTION("Test consumer of pin states and DT overlays for make stress");
MODULE_LICENSE("GPL");
