// SPDX-License-Identifier: GPL-2.0
/*
 * An SPMI controller backed by memory, for rehearsing a board's pin
 * configuration on a machine without an SPMI bus: the registers of slave
 * id N are the 64 KiB of the window at N * 64 KiB, so the PMIC drivers
 * under the controller run unchanged and the host reads what they wrote.
 * Interrupts of the slaves are mapped and never raised.
 */

#include <linux/bits.h>
#include <linux/device.h>
#include <linux/io.h>
#include <linux/irq.h>
#include <linux/irqdomain.h>
#include <linux/mod_devicetable.h>
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/sizes.h>
#include <linux/spmi.h>

#define SPMI_REHEARSAL_SID_SIZE	SZ_64K

/**
 * struct spmi_rehearsal - the controller
 * @base: the slaves' registers, SPMI_REHEARSAL_SID_SIZE bytes per slave id
 * @size: the size of the window
 */
struct spmi_rehearsal {
	void __iomem *base;
	resource_size_t size;
};

/* the registers @addr to @addr + @len - 1 of slave @sid, NULL if outside */
static void __iomem *spmi_rehearsal_regs(struct spmi_controller *ctrl, u8 sid,
					 u16 addr, size_t len)
{
	struct spmi_rehearsal *r = spmi_controller_get_drvdata(ctrl);
	resource_size_t off = (resource_size_t)sid * SPMI_REHEARSAL_SID_SIZE + addr;

	if (!len || off + len > r->size)
		return NULL;
	return r->base + off;
}

static int spmi_rehearsal_cmd(struct spmi_controller *ctrl, u8 opcode, u8 sid)
{
	/* reset, sleep, shutdown and wakeup change no register */
	return 0;
}

static int spmi_rehearsal_read(struct spmi_controller *ctrl, u8 opcode, u8 sid,
			       u16 addr, u8 *buf, size_t len)
{
	void __iomem *regs = spmi_rehearsal_regs(ctrl, sid, addr, len);

	if (!regs)
		return -EINVAL;
	memcpy_fromio(buf, regs, len);
	return 0;
}

static int spmi_rehearsal_write(struct spmi_controller *ctrl, u8 opcode, u8 sid,
				u16 addr, const u8 *buf, size_t len)
{
	void __iomem *regs = spmi_rehearsal_regs(ctrl, sid, addr, len);

	if (!regs)
		return -EINVAL;
	memcpy_toio(regs, buf, len);
	return 0;
}

static void spmi_rehearsal_irq_noop(struct irq_data *d)
{
}

static int spmi_rehearsal_irq_set_type(struct irq_data *d, unsigned int type)
{
	return 0;
}

static const struct irq_chip spmi_rehearsal_irq_chip = {
	.name = "spmi-rehearsal",
	.irq_mask = spmi_rehearsal_irq_noop,
	.irq_unmask = spmi_rehearsal_irq_noop,
	.irq_set_type = spmi_rehearsal_irq_set_type,
	.flags = IRQCHIP_IMMUTABLE | IRQCHIP_SKIP_SET_WAKE,
};

/* the PMIC arbiter's four cells: slave id, peripheral, interrupt, type */
static int spmi_rehearsal_irq_translate(struct irq_domain *d,
					struct irq_fwspec *fwspec,
					unsigned long *hwirq, unsigned int *type)
{
	if (fwspec->param_count != 4 || fwspec->param[0] > 0xf ||
	    fwspec->param[1] > 0xff || fwspec->param[2] > 0x7)
		return -EINVAL;
	*hwirq = fwspec->param[0] << 16 | fwspec->param[1] << 8 |
		 fwspec->param[2];
	*type = fwspec->param[3] & IRQ_TYPE_SENSE_MASK;
	return 0;
}

static int spmi_rehearsal_irq_alloc(struct irq_domain *d, unsigned int virq,
				    unsigned int nr_irqs, void *arg)
{
	unsigned long hwirq;
	unsigned int type, i;
	int ret;

	ret = spmi_rehearsal_irq_translate(d, arg, &hwirq, &type);
	if (ret)
		return ret;
	for (i = 0; i < nr_irqs; i++)
		irq_domain_set_info(d, virq + i, hwirq + i,
				    &spmi_rehearsal_irq_chip, NULL,
				    handle_simple_irq, NULL, NULL);
	return 0;
}

static const struct irq_domain_ops spmi_rehearsal_irq_ops = {
	.translate = spmi_rehearsal_irq_translate,
	.alloc = spmi_rehearsal_irq_alloc,
	.free = irq_domain_free_irqs_common,
};

static void spmi_rehearsal_remove_domain(void *domain)
{
	irq_domain_remove(domain);
}

static int spmi_rehearsal_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct spmi_controller *ctrl;
	struct irq_domain *domain;
	struct spmi_rehearsal *r;
	struct resource *res;
	int ret;

	ctrl = devm_spmi_controller_alloc(dev, sizeof(*r));
	if (IS_ERR(ctrl))
		return PTR_ERR(ctrl);
	r = spmi_controller_get_drvdata(ctrl);
	r->base = devm_platform_get_and_ioremap_resource(pdev, 0, &res);
	if (IS_ERR(r->base))
		return PTR_ERR(r->base);
	r->size = resource_size(res);

	ctrl->cmd = spmi_rehearsal_cmd;
	ctrl->read_cmd = spmi_rehearsal_read;
	ctrl->write_cmd = spmi_rehearsal_write;

	domain = irq_domain_create_tree(dev_fwnode(dev), &spmi_rehearsal_irq_ops,
					r);
	if (!domain)
		return dev_err_probe(dev, -ENOMEM, "no interrupt domain\n");
	ret = devm_add_action_or_reset(dev, spmi_rehearsal_remove_domain,
				       domain);
	if (ret)
		return ret;

	return devm_spmi_controller_add(dev, ctrl);
}

static const struct of_device_id spmi_rehearsal_of_match[] = {
	{ .compatible = "vsoc,rehearsal-spmi" },
	{ }
};
MODULE_DEVICE_TABLE(of, spmi_rehearsal_of_match);

static struct platform_driver spmi_rehearsal_driver = {
	.probe = spmi_rehearsal_probe,
	.driver = {
		.name = "spmi-rehearsal",
		.of_match_table = spmi_rehearsal_of_match,
	},
};
module_platform_driver(spmi_rehearsal_driver);

MODULE_DESCRIPTION("SPMI controller backed by memory, for pin rehearsals");
MODULE_LICENSE("GPL");
